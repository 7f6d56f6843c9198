/**
 * A dashboard's period: preset buttons and, for "Custom", two day fields checked as the server
 * checks them. usePeriod keeps the choice and says the range to ask for, or why none can be asked.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField';
import { presetRange, rangeProblem, type DayRange, type PeriodPreset } from './period';

export function usePeriod(presets: readonly PeriodPreset[], maxDays: number) {
  const [preset, setPreset] = useState<PeriodPreset>(presets[0]);
  const [custom, setCustom] = useState<DayRange>(() => presetRange('last7', new Date()));
  const range = preset === 'custom' ? custom : presetRange(preset, new Date());
  const problem = preset === 'custom' ? rangeProblem(custom.from, custom.to, maxDays) : null;
  return { presets, maxDays, preset, setPreset, custom, setCustom, range, problem };
}

export function PeriodPicker({ period, children }: { period: ReturnType<typeof usePeriod>; children?: ReactNode }) {
  const { t } = useTranslation();
  const { presets, preset, setPreset, custom, setCustom } = period;
  return (
    <div className="card form-row">
      <div className="segmented" role="group" aria-label={t('periods.period')}>
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            className={`btn ${preset === p ? 'primary' : ''}`}
            aria-pressed={preset === p}
            onClick={() => setPreset(p)}
          >
            {t(`periods.${p}`)}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <>
          <label>
            {t('periods.from')}
            <DateField
              value={custom.from}
              onChange={(from) => setCustom({ ...custom, from })}
              data-testid="period-from"
            />
          </label>
          <label>
            {t('periods.to')}
            <DateField value={custom.to} onChange={(to) => setCustom({ ...custom, to })} data-testid="period-to" />
          </label>
        </>
      )}
      {children}
    </div>
  );
}

/** The custom range's refusal, in words, or nothing. */
export function PeriodProblem({ period }: { period: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation();
  if (!period.problem) return null;
  return (
    <p className="form-error" role="alert">
      {t(`periods.${period.problem}`, { days: period.maxDays })}
    </p>
  );
}
