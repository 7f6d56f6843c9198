/**
 * Item status tracking (/dashboard/summary): units per status per client, each count a link to
 * the items behind it. Clients see their own company only (the server scopes the query).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ITEM_STATUS_NAMES } from '../../../../domain/rules/item-status';
import { z } from 'zod';
import { itemStatusSummaryRowSchema } from '../../../../domain/schemas/inbound';
import { getAs } from '../../../api/typed';
import { formatNumber } from '../../../../domain/format';

export default function ItemStatusSummaryPage() {
  const { t, i18n } = useTranslation();
  const summary = useQuery({
    queryKey: ['item-status-summary'],
    queryFn: () => getAs('/api/inbound/item-status-summary', z.array(itemStatusSummaryRowSchema), { background: true }),
  });
  if (summary.isPending) return <p className="muted">{t('app.loading')}</p>;
  if (summary.isError)
    return (
      <p className="form-error" role="alert">
        {String(summary.error)}
      </p>
    );
  const rows = summary.data;
  const statuses = ITEM_STATUS_NAMES.filter((s) => rows.some((r) => r.status === s));
  const companies = [...new Map(rows.map((r) => [r.companyId, r])).values()];
  const totals = Object.fromEntries(
    statuses.map((s) => [s, rows.filter((r) => r.status === s).reduce((n, r) => n + r.items, 0)]),
  );
  const n = (v: number) => formatNumber(i18n.language, v);

  return (
    <div className="page">
      <h1>{t('items.summaryTitle')}</h1>
      {rows.length === 0 ? (
        <p className="card muted">{t('items.summaryEmpty')}</p>
      ) : (
        <>
          <div className="summary-grid" data-testid="status-tiles">
            {statuses.map((s) => (
              <Link key={s} className="tile" to="/apps/inbound/shipment-items/$status" params={{ status: s }}>
                <strong>{n(totals[s])}</strong>
                {t(`items.statuses.${s}`)}
              </Link>
            ))}
          </div>
          <div className="card table-wrap">
            <table className="grid" data-testid="status-summary">
              <thead>
                <tr>
                  <th>{t('po.client')}</th>
                  {statuses.map((s) => (
                    <th key={s}>{t(`items.statuses.${s}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {companies.map((c) => (
                  <tr key={c.companyId}>
                    <td>{`${c.accountNo ?? ''} ${c.companyName}`.trim()}</td>
                    {statuses.map((s) => {
                      const cell = rows.find((r) => r.companyId === c.companyId && r.status === s);
                      return (
                        <td key={s}>
                          {cell ? (
                            <Link
                              to="/apps/inbound/shipment-items/$status"
                              params={{ status: s }}
                              search={{ companyId: c.companyId }}
                              title={t('items.unitsTitle', {
                                expected: n(cell.expectedUnits),
                                received: n(cell.receivedUnits),
                                damaged: n(cell.damagedUnits),
                              })}
                            >
                              {t('items.cell', {
                                items: n(cell.items),
                                units: n(cell.receivedUnits + cell.damagedUnits),
                              })}
                            </Link>
                          ) : (
                            '–'
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
