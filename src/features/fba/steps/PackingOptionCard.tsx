/** One of Amazon's packing options: its packing groups (which SKUs share boxes), cost, shipping and box limit. */
import { useTranslation } from 'react-i18next';
import type { PackingOptionView } from '../../../../domain/schemas/fba';
import { money, optionBlocked, optionCost } from '../packing-options';
import { formatDateTime, formatNumber } from '../../../../domain/format';

export function PackingOptionCard({
  option: o,
  now,
  chosen,
  recommended,
  onChoose,
}: {
  option: PackingOptionView;
  now: number;
  chosen: boolean;
  recommended: boolean;
  /** Absent: the option is shown, not offered for choice. */
  onChoose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cost = optionCost(o);
  const blocked = optionBlocked(o, now);
  // Modes and carriers each once: Amazon lists every pairing, which reads as a wall of repeats.
  const modes = [...new Set(o.shipping.map((s) => s.shippingMode).filter((m): m is string => !!m))];
  const solutions = [...new Set(o.shipping.map((s) => s.shippingSolution).filter((m): m is string => !!m))];
  const shipping = [
    modes.map((m) => t(`fba.packing.modes.${m}`, { defaultValue: m })).join(', '),
    solutions.map((m) => t(`fba.packing.solutions.${m}`, { defaultValue: m })).join(', '),
  ].filter(Boolean);
  return (
    <article className="card" data-testid="fba-packing-option" data-option={o.packingOptionId}>
      <div className="card-head">
        <h4>
          {t('fba.packing.groups', { count: o.groups.length })}{' '}
          {chosen && <span className="pill ok">{t('fba.packing.chosen')}</span>}
          {!chosen && recommended && <span className="pill ok">{t('fba.packing.cheapest')}</span>}
          {!chosen && blocked && <span className="pill muted">{t(`fba.packing.blocked.${blocked}`)}</span>}
        </h4>
        {onChoose && !blocked && (
          <button type="button" className="btn primary" onClick={onChoose}>
            {t('fba.packing.choose')}
          </button>
        )}
      </div>
      <dl className="facts">
        <dt>{t('fba.packing.cost')}</dt>
        <dd data-testid="fba-packing-cost">
          <strong>{money(cost.netCents, cost.currency, i18n.language)}</strong>
          {(cost.feesCents > 0 || cost.discountsCents > 0) && (
            <span className="muted">
              {' '}
              {t('fba.packing.costParts', {
                fees: money(cost.feesCents, cost.currency, i18n.language),
                discounts: money(cost.discountsCents, cost.currency, i18n.language),
              })}
            </span>
          )}
        </dd>
        <dt>{t('fba.packing.shipping')}</dt>
        <dd>{shipping.length ? shipping.join(' · ') : '–'}</dd>
        <dt>{t('fba.packing.boxMax')}</dt>
        <dd>
          {o.boxMaxWeightLb === null ? '–' : t('fba.packing.lb', { weight: Math.round(o.boxMaxWeightLb * 10) / 10 })}
        </dd>
        {o.expiration && (
          <>
            <dt>{t('fba.packing.expires')}</dt>
            <dd>{formatDateTime(i18n.language, o.expiration)}</dd>
          </>
        )}
      </dl>
      {o.fees.length + o.discounts.length > 0 && (
        <ul className="plain-list muted" data-testid="fba-packing-charges">
          {o.fees.map((c, n) => (
            <li key={`f${n}`}>
              {c.description || c.target}: {money(c.amountCents, c.currency, i18n.language)}
            </li>
          ))}
          {o.discounts.map((c, n) => (
            <li key={`d${n}`}>
              {c.description || c.target}: −{money(c.amountCents, c.currency, i18n.language)}
            </li>
          ))}
        </ul>
      )}
      <ol className="plain-list">
        {o.groups.map((g, n) => (
          <li key={g.packingGroupId}>
            <strong>{t('fba.packing.group', { n: n + 1 })}</strong>{' '}
            {g.items.map((i) => `${i.msku} × ${formatNumber(i18n.language, i.quantity)}`).join(', ')}
          </li>
        ))}
      </ol>
    </article>
  );
}
