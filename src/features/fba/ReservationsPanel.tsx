/** The units the plan holds at PREP-FBA (held), gave back (released) or shipped (consumed), per product. */
import { useTranslation } from 'react-i18next';
import type { PlanDetail } from '../../../domain/schemas/fba';
import { formatDateTime, formatNumber } from '../../../domain/format';

const TONE = { held: 'ok', released: 'muted', consumed: '', shipped: '' } as const;

export function ReservationsPanel({ plan }: { plan: Pick<PlanDetail, 'reservations' | 'items'> }) {
  const { t, i18n } = useTranslation();
  const titleOf = (planItemId: number | null) => plan.items.find((i) => i.id === planItemId)?.title ?? null;
  const held = plan.reservations.filter((r) => r.state === 'held').reduce((n, r) => n + r.quantity, 0);
  return (
    <section className="card" aria-labelledby="fba-reservations-head" data-testid="fba-reservations">
      <h2 id="fba-reservations-head">{t('fba.reservations.title', { held })}</h2>
      {plan.reservations.length === 0 ? (
        <p className="muted">{t('fba.reservations.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="grid">
            <thead>
              <tr>
                <th>{t('fba.reservations.product')}</th>
                <th>{t('fba.units')}</th>
                <th>{t('fba.reservations.state')}</th>
                <th>{t('fba.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.reservations.map((r) => (
                <tr key={r.id} data-state={r.state}>
                  <td>
                    {titleOf(r.planItemId) ?? ''} <code>{r.productKey}</code>
                  </td>
                  <td>{formatNumber(i18n.language, r.quantity)}</td>
                  <td>
                    <span className={`pill ${TONE[r.state]}`}>{t(`fba.reservations.states.${r.state}`)}</span>
                  </td>
                  <td>{formatDateTime(i18n.language, r.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
