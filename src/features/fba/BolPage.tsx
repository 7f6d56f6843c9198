/**
 * FBA bills of lading (/apps/outbound/fba-bol): the LTL shipments of FBA plans with their bill of
 * lading and PRO numbers — searched by PRO, BOL, FBA shipment id or plan name, narrowed to a client
 * by warehouse users, paged by the server. Each row opens its plan, downloads Amazon's bill of
 * lading (partnered carrier), and lets the warehouse pass the freight on to the client once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bolPageSchema, type BolRow } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import { BOLS, failureText, keys } from './api';
import { bolColumns } from './bol-columns';
import { ChargeFreightDialog } from './ChargeFreightDialog';
import { ClientFilter } from './ClientFilter';
import { fetchBillOfLading, saveFile } from './label-files';
import { mayChangePlans } from './rights';
import { PARTNERED } from './transport-choices';

export default function BolPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const mayCharge = warehouse && mayChangePlans();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [charging, setCharging] = useState<BolRow | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (r: BolRow) => {
    setDownloading(r.shipmentId);
    try {
      saveFile(await fetchBillOfLading(r.planId, r.shipmentId));
    } catch (err) {
      toast('error', failureText(err));
    } finally {
      setDownloading(null);
    }
  };

  const actions = (r: BolRow) => (
    <div className="button-row">
      {r.shippingSolution === PARTNERED && (
        <button
          type="button"
          className="btn"
          disabled={downloading !== null}
          onClick={() => void download(r)}
          data-testid="bol-download"
        >
          {downloading === r.shipmentId ? t('fba.labels.working') : t('fba.labels.bol')}
        </button>
      )}
      {mayCharge && r.chargedCents === null && r.proNumber && (
        <button type="button" className="btn" onClick={() => setCharging(r)} data-testid="bol-charge">
          {t('fba.bol.charge')}
        </button>
      )}
    </div>
  );

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('fba.bol.title')}</h1>
          <p className="muted">{t('fba.bol.intro')}</p>
        </div>
      </div>
      <DataGrid<BolRow>
        id={keys.bolGrid}
        columns={bolColumns(t, i18n.language, actions)}
        filters={{ companyId }}
        fetchPage={(q) =>
          getAs(BOLS, bolPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, companyId },
            background: true,
          })
        }
        toolbar={<ClientFilter value={companyId} onChange={setCompanyId} />}
      />
      {charging && (
        <ChargeFreightDialog
          row={charging}
          onClose={() => setCharging(null)}
          onDone={() => {
            setCharging(null);
            void qc.invalidateQueries({ queryKey: [keys.bolGrid] });
          }}
        />
      )}
    </div>
  );
}
