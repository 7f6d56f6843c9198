/**
 * The FBA plan workspace (/apps/outbound/fba-shipments/:accountNo?/:workflow?/:batchId?/:channel?):
 * a client's plans; a new plan (`/:accountNo/items`); one plan at a workflow step
 * (`/:accountNo/:workflow/:batchId`). Everything comes from the server, so a plan opens at the same
 * step after a reload or on another device. `:channel` is accepted for the spec's links and narrows
 * nothing (FBA is the only channel planned here).
 */
import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from './api';
import { ClientPlans } from './ClientPlans';
import { useClientByAccount } from './clients';
import { NewPlanForm } from './NewPlanForm';
import { PlanWorkspace } from './PlanWorkspace';
import { FBA_ROOT } from './plan-links';
import { rememberFbaAccount } from './recent-accounts';
import { stepOf } from './words';

export default function FbaWorkspacePage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { accountNo?: string; workflow?: string; batchId?: string };
  const accountNo = params.accountNo ?? '';
  const step = stepOf(params.workflow);

  if (params.batchId !== undefined) {
    const id = Number(params.batchId);
    if (!Number.isInteger(id) || id <= 0)
      return (
        <div className="page">
          <p className="form-error" role="alert">
            {t('errors.notFound')} <Link to={FBA_ROOT}>{t('fba.selectTitle')}</Link>
          </p>
        </div>
      );
    return <PlanWorkspace key={id} planId={id} step={step} />;
  }
  return <ClientScreens accountNo={accountNo} creating={params.workflow !== undefined} />;
}

function ClientScreens({ accountNo, creating }: { accountNo: string; creating: boolean }) {
  const { t } = useTranslation();
  const lookup = useClientByAccount(accountNo);
  const clientId = lookup.state === 'found' ? lookup.client.id : null;
  useEffect(() => {
    if (clientId) rememberFbaAccount(clientId);
  }, [clientId]);

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
        <p className="form-error" role="alert" data-testid="fba-no-client">
          {t('fba.noSuchClient', { accountNo })} <Link to={FBA_ROOT}>{t('fba.selectTitle')}</Link>
        </p>
      </div>
    );
  return creating ? <NewPlanForm client={lookup.client} /> : <ClientPlans client={lookup.client} />;
}
