/** The spec §4 batch status filter (open shown as Working, boxing as Shipping, …), Not closed by default. */
import { useTranslation } from 'react-i18next';
import { PLAN_STATUS_FILTERS, type PlanChannel, type PlanStatusFilter } from '../../../domain/schemas/fba';
import { channelWords } from './words';

export function StatusFilterSelect({
  value,
  onChange,
  channel = 'fba',
}: {
  value: PlanStatusFilter;
  onChange: (v: PlanStatusFilter) => void;
  channel?: PlanChannel;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{t('fba.status')}</span>
      <select name="status" value={value} onChange={(e) => onChange(e.target.value as PlanStatusFilter)}>
        {PLAN_STATUS_FILTERS.map((f) => (
          <option key={f} value={f}>
            {t(channelWords(channel).statusFilterKey(f))}
          </option>
        ))}
      </select>
    </label>
  );
}
