/** One client's WFS plans (the workspace without a plan): by status, searched by name; a new plan starts here. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planPageSchema, type PlanRow, type PlanStatusFilter } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { isWarehouseUser, type ClientOption } from '../inbound/purchase-orders/clients';
import { accountSegment } from '../fba/clients';
import { planColumns } from '../fba/plan-columns';
import { StatusFilterSelect } from '../fba/StatusFilterSelect';
import { DEFAULT_STATUS_FILTER } from '../fba/words';
import { WFS_QUERY, wfsKeys } from './api';
import { WFS_ROOT, wfsNewPlanHref, wfsPlanHref } from './links';
import { mayCreateWfs } from './rights';

export function WfsClientPlans({ client }: { client: ClientOption }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [status, setStatus] = useState<PlanStatusFilter>(DEFAULT_STATUS_FILTER);
  return (
    <div className="page" data-testid="wfs-client-plans">
      <div className="page-head">
        <div>
          <h1>{t('wfs.plansTitle')}</h1>
          <p className="muted" data-testid="wfs-client">
            {[client.accountNo, client.name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="button-row">
          {warehouse && (
            <Link to={WFS_ROOT} className="btn">
              {t('fba.otherClient')}
            </Link>
          )}
          {mayCreateWfs() && (
            <Link to={wfsNewPlanHref(accountSegment(client))} className="btn primary" data-testid="wfs-new-plan">
              {t('wfs.newPlan')}
            </Link>
          )}
        </div>
      </div>
      <DataGrid<PlanRow>
        id={wfsKeys.clientPlansGrid(client.id)}
        columns={planColumns(t, i18n.language, {
          client: false,
          hrefOf: (p) => wfsPlanHref(p),
          channel: 'wfs',
        })}
        filters={{ status }}
        fetchPage={(q) =>
          getAs(WFS_QUERY, planPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, status, companyId: client.id },
            background: true,
          })
        }
        onRowOpen={(p) => void navigate({ to: wfsPlanHref(p) })}
        toolbar={<StatusFilterSelect value={status} onChange={setStatus} channel="wfs" />}
      />
    </div>
  );
}
