/**
 * Outbound shipments (/apps/outbound/outbound-shipping/:channel?): every shipment plan, FBA and WFS
 * tabs, by the spec §4 status filter (Not closed by default), searched by name, narrowed to a client
 * by warehouse users, paged by the server; a plan opens in its workspace at the step it reached.
 */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planPageSchema, type PlanRow, type PlanStatusFilter } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { keys, PLANS } from './api';
import { channelOf } from './channels';
import { ChannelTabs } from './ChannelTabs';
import { WFS_QUERY, wfsKeys } from '../wfs/api';
import { WFS_ROOT, wfsPlanHref } from '../wfs/links';
import { ClientFilter } from './ClientFilter';
import { planColumns } from './plan-columns';
import { FBA_ROOT, planHref } from './plan-links';
import { StatusFilterSelect } from './StatusFilterSelect';
import { DEFAULT_STATUS_FILTER } from './words';
import { mayCreatePlans } from './rights';
import { mayOpen } from '../../app/guard';

const BASE = '/apps/outbound/outbound-shipping';

export default function OutboundShippingPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { channel: raw } = useParams({ strict: false }) as { channel?: string };
  const channel = channelOf(raw);
  const [status, setStatus] = useState<PlanStatusFilter>(DEFAULT_STATUS_FILTER);
  const [companyId, setCompanyId] = useState<number | null>(null);
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('fba.shipmentsTitle')}</h1>
        <div className="button-row">
          <Link to={`${BASE}/batch-items`} className="btn">
            {t('fba.itemsTitle')}
          </Link>
          <Link to="/dashboard/snapshot/pending-batches" className="btn">
            {t('fba.pending.title')}
          </Link>
          <Link to="/apps/outbound/fba-bol" className="btn" data-testid="fba-bol-link">
            {t('fba.bol.title')}
          </Link>
          {mayCreatePlans() && (
            <Link to={FBA_ROOT} className="btn primary">
              {t('fba.newPlan')}
            </Link>
          )}
        </div>
      </div>
      <ChannelTabs base={BASE} current={channel} />
      {channel === 'wfs' ? (
        <div data-testid="wfs-plans-grid">
          <DataGrid<PlanRow>
            key="wfs"
            id={wfsKeys.plansGrid}
            columns={planColumns(t, i18n.language, {
              client: true,
              hrefOf: (p) => wfsPlanHref(p),
              channel: 'wfs',
            })}
            filters={{ status, companyId }}
            fetchPage={(q) =>
              getAs(WFS_QUERY, planPageSchema, {
                query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, status, companyId },
                background: true,
              })
            }
            onRowOpen={(p) => void navigate({ to: wfsPlanHref(p) })}
            toolbar={
              <>
                <StatusFilterSelect value={status} onChange={setStatus} channel="wfs" />
                <ClientFilter value={companyId} onChange={setCompanyId} />
                {mayOpen({ resource: 'wfs', action: 'create' }) && (
                  <Link to={WFS_ROOT} className="btn primary" data-testid="wfs-new-plan">
                    {t('wfs.newPlan')}
                  </Link>
                )}
              </>
            }
          />
        </div>
      ) : (
        <DataGrid<PlanRow>
          key="fba"
          id={keys.plansGrid}
          columns={planColumns(t, i18n.language, { client: true })}
          filters={{ status, companyId }}
          fetchPage={(q) =>
            getAs(PLANS, planPageSchema, {
              query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, status, companyId },
              background: true,
            })
          }
          onRowOpen={(p) => void navigate({ to: planHref(p) })}
          toolbar={
            <>
              <StatusFilterSelect value={status} onChange={setStatus} />
              <ClientFilter value={companyId} onChange={setCompanyId} />
            </>
          }
        />
      )}
    </div>
  );
}
