/**
 * The ledger of a snapshot line's product: every change with its reason, place, user, device and
 * time — receive, sort, moves into and with LPNs, adjustments — the rows of this line's place marked.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ledgerEntrySchema } from '../../../domain/schemas/inventory';
import { getAs } from '../../api/typed';
import type { SnapshotLine } from './snapshot-columns';
import { formatDateTime } from '../../../domain/format';

export function LedgerPanel({ line, onClose }: { line: SnapshotLine; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const rows = useQuery({
    queryKey: ['inventory-ledger', line.companyId, line.productKey],
    queryFn: () =>
      getAs('/api/inventory/ledger', z.array(ledgerEntrySchema), {
        query: { companyId: line.companyId, productKey: line.productKey, limit: 500 },
        background: true,
      }),
  });
  const reason = (r: string) =>
    r.startsWith('adjust_')
      ? `${t('inventory.adjustment')}: ${t(`inventory.adjustReasons.${r.slice(7)}`)}`
      : r.startsWith('disposition_')
        ? t(`inventory.dispositionReasons.${r}`)
        : t(`inventory.ledgerReasons.${r}`, { defaultValue: r });
  return (
    <section
      className="card"
      aria-label={t('inventory.ledgerTitle', { product: line.title ?? line.productKey })}
      data-testid="ledger-panel"
    >
      <div className="card-head">
        <h2>{t('inventory.ledgerTitle', { product: line.title ?? line.productKey })}</h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('problems.close')}
        </button>
      </div>
      {rows.isLoading && <p className="muted">{t('app.loading')}</p>}
      {rows.isError && <p className="form-error">{t('grid.error')}</p>}
      {rows.data && rows.data.length === 0 && <p className="grid-state">{t('grid.empty')}</p>}
      {rows.data && rows.data.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('inventory.when')}</th>
                <th>{t('inventory.change')}</th>
                <th>{t('inventory.location')}</th>
                <th>{t('inventory.lpn')}</th>
                <th>{t('inventory.reason')}</th>
                <th>{t('inventory.who')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.map((r) => (
                <tr
                  key={r.id}
                  className={r.location === line.location && (r.lpn || null) === line.lpn ? 'active' : undefined}
                >
                  <td>{formatDateTime(i18n.language, r.at)}</td>
                  <td className={r.quantity < 0 ? 'neg' : 'pos'}>{r.quantity > 0 ? `+${r.quantity}` : r.quantity}</td>
                  <td>{r.location}</td>
                  <td>{r.lpn || '–'}</td>
                  <td>{reason(r.reason)}</td>
                  <td>{[r.user, r.deviceId].filter(Boolean).join(' · ') || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
