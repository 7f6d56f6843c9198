/**
 * After a split, both plans' totals (nothing released: the units held are the same, shared by two
 * plans) — said on either plan until it changes again (a save, a merge), when they would be stale.
 */
import { Link } from '@tanstack/react-router';
import type { PlanDetail } from '../../../../domain/schemas/fba';
import { useTranslation } from 'react-i18next';
import { planHref } from '../plan-links';
import { useSplitOutcome } from './split-outcome';
import { formatNumber } from '../../../../domain/format';

export function SplitOutcomeNotice({ plan }: { plan: Pick<PlanDetail, 'id' | 'updatedAt'> }) {
  const { t, i18n } = useTranslation();
  const outcome = useSplitOutcome((s) => s.outcome);
  const forget = useSplitOutcome((s) => s.forget);
  const here = outcome && [outcome.from, outcome.to].find((p) => p.id === plan.id);
  if (!outcome || !here || here.updatedAt !== plan.updatedAt) return null;
  const { from, to } = outcome;
  const other = here === from ? to : from;
  const n = (v: number) => formatNumber(i18n.language, v);
  return (
    <div className="notice" role="status" data-testid="fba-split-outcome">
      <p>
        {t('fba.reshape.splitDone', {
          from: from.name,
          fromUnits: n(from.units),
          fromSkus: n(from.skus),
          to: to.name,
          toUnits: n(to.units),
          toSkus: n(to.skus),
          total: n(from.units + to.units),
        })}
      </p>
      <div className="button-row">
        <Link to={planHref(other)} className="btn small">
          {t('fba.reshape.openOther', { name: other.name })}
        </Link>
        <button type="button" className="btn small" onClick={forget}>
          {t('fba.reshape.dismiss')}
        </button>
      </div>
    </div>
  );
}
