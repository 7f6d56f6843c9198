/**
 * The WFS plan workspace (/apps/outbound/wfs/:workflow?/:accountNo?/:companyId?/:storeId?/:shipmentPlanId?):
 * the client choice; a client's plans (`/plans/:accountNo`); a new plan (`/items/:accountNo`);
 * one plan at a step (`/:step/:accountNo/:companyId/:storeId/:shipmentPlanId`). Everything comes
 * from the server, so a plan opens at the same step after a reload or on another device.
 */
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../fba/api';
import { useClientByAccount } from '../fba/clients';
import { WFS_ROOT, wfsRouteOf } from './links';
import WfsAccountSelectPage from './WfsAccountSelectPage';
import { WfsClientPlans } from './WfsClientPlans';
import { WfsNewPlanForm } from './WfsNewPlanForm';
import { WfsPlanWorkspace } from './WfsPlanWorkspace';

export default function WfsWorkspacePage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as {
    workflow?: string;
    accountNo?: string;
    storeId?: string;
    shipmentPlanId?: string;
  };
  const route = wfsRouteOf(params);
  switch (route.kind) {
    case 'plan':
      return (
        <WfsPlanWorkspace
          key={route.planId}
          planId={route.planId}
          step={route.step}
          incomplete={!/^\d+$/.test(params.storeId ?? '')}
        />
      );
    case 'bad-plan':
      return (
        <div className="page">
          <p className="form-error" role="alert">
            {t('errors.notFound')} <Link to={WFS_ROOT}>{t('wfs.selectTitle')}</Link>
          </p>
        </div>
      );
    case 'choose':
      return <WfsAccountSelectPage />;
    default:
      return <ClientScreens accountNo={route.accountNo} creating={route.kind === 'new'} />;
  }
}

function ClientScreens({ accountNo, creating }: { accountNo: string; creating: boolean }) {
  const { t } = useTranslation();
  const lookup = useClientByAccount(accountNo);
  if (lookup.state === 'loading') return <p className="grid-state">{t('app.loading')}</p>;
  if (lookup.state === 'error')
    return (
      <p className="form-error" role="alert">
        {failureText(lookup.error)}
      </p>
    );
  if (lookup.state === 'missing')
    return (
      <div className="page">
        <p className="form-error" role="alert" data-testid="wfs-no-client">
          {t('fba.noSuchClient', { accountNo })} <Link to={WFS_ROOT}>{t('wfs.selectTitle')}</Link>
        </p>
      </div>
    );
  return creating ? <WfsNewPlanForm client={lookup.client} /> : <WfsClientPlans client={lookup.client} />;
}
