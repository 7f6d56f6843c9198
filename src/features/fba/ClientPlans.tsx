/** One client's FBA plans (the workspace without a plan): by status, searched by name; a new plan starts here. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planPageSchema, type PlanRow, type PlanStatusFilter } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { isWarehouseUser, type ClientOption } from '../inbound/purchase-orders/clients';
import { keys, PLANS } from './api';
import { accountSegment } from './clients';
import { planColumns } from './plan-columns';
import { FBA_ROOT, newPlanHref, planHref } from './plan-links';
import { StatusFilterSelect } from './StatusFilterSelect';
import { DEFAULT_STATUS_FILTER } from './words';
import { mayCreatePlans } from './rights';

export function ClientPlans({ client }: { client: ClientOption }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [status, setStatus] = useState<PlanStatusFilter>(DEFAULT_STATUS_FILTER);
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('fba.plansTitle')}</h1>
          <p className="muted" data-testid="fba-client">
            {[client.accountNo, client.name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="button-row">
          {warehouse && (
            <Link to={FBA_ROOT} className="btn">
              {t('fba.otherClient')}
            </Link>
          )}
          {mayCreatePlans() && (
            <Link to={newPlanHref(accountSegment(client))} className="btn primary">
              {t('fba.newPlan')}
            </Link>
          )}
        </div>
      </div>
      <DataGrid<PlanRow>
        id={keys.clientPlansGrid(client.id)}
        columns={planColumns(t, i18n.language, { client: false })}
        filters={{ status }}
        fetchPage={(q) =>
          getAs(PLANS, planPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, status, companyId: client.id },
            background: true,
          })
        }
        onRowOpen={(p) => void navigate({ to: planHref(p) })}
        toolbar={<StatusFilterSelect value={status} onChange={setStatus} />}
      />
      <p className="muted">{t('fba.plansHelp')}</p>
    </div>
  );
}
