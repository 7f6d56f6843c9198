/**
 * Scanner settings of this device: how fast a keyboard-wedge scanner types (largest gap between
 * keys), the shortest code accepted, which key ends a scan, and whether scans beep. A "try it"
 * line shows what the detector makes of a real scan with the thresholds being edited, so a
 * receiver tunes a slow Bluetooth scanner without guessing.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scannerSettingsSchema, WEDGE_TERMINATORS, type ScannerSettings } from '../../../domain/schemas/scanner';
import { SOUND_KEY } from '../../scan/feedback';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import { loadWedgeOptions, saveWedgeOptions } from '../../scan/wedge';
import { useFeedback } from '../../ui/feedback-store';

type Draft = { maxGapMs: string; minLength: string; terminators: string[] };

const toDraft = (s: { maxGapMs: number; minLength: number; terminators: readonly string[] }): Draft => ({
  maxGapMs: String(s.maxGapMs),
  minLength: String(s.minLength),
  terminators: [...s.terminators],
});

export function ScannerSettingsCard() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [draft, setDraft] = useState<Draft>(() => toDraft(loadWedgeOptions()));
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastScan, setLastScan] = useState<string | null>(null);

  const parsed = scannerSettingsSchema.safeParse({
    maxGapMs: draft.maxGapMs === '' ? Number.NaN : Number(draft.maxGapMs),
    minLength: draft.minLength === '' ? Number.NaN : Number(draft.minLength),
    terminators: draft.terminators,
  });
  // The try-it line listens with the thresholds being edited (the saved ones when invalid).
  const trial: ScannerSettings | undefined = parsed.success ? parsed.data : undefined;
  useWedgeScanner(setLastScan, { options: trial ?? loadWedgeOptions() });

  const save = () => {
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    saveWedgeOptions(parsed.data);
    localStorage.setItem(SOUND_KEY, sound ? 'on' : 'off');
    toast('success', t('scanner.saved'));
  };

  const toggleTerminator = (key: string, on: boolean) =>
    setDraft({
      ...draft,
      terminators: on
        ? [...draft.terminators.filter((k) => k !== key), key]
        : draft.terminators.filter((k) => k !== key),
    });

  return (
    <fieldset className="card form" data-testid="scanner-settings">
      <legend>{t('scanner.title')}</legend>
      <p className="muted">{t('scanner.intro')}</p>
      <label>
        {t('scanner.maxGap')}
        <input
          name="maxGapMs"
          type="number"
          min={5}
          max={200}
          value={draft.maxGapMs}
          onChange={(e) => setDraft({ ...draft, maxGapMs: e.target.value })}
        />
        {errors.maxGapMs && <span className="form-error">{errors.maxGapMs}</span>}
      </label>
      <label>
        {t('scanner.minLength')}
        <input
          name="minLength"
          type="number"
          min={1}
          max={64}
          value={draft.minLength}
          onChange={(e) => setDraft({ ...draft, minLength: e.target.value })}
        />
        {errors.minLength && <span className="form-error">{errors.minLength}</span>}
      </label>
      <div role="group" aria-label={t('scanner.terminators')}>
        <span>{t('scanner.terminators')}</span>
        {WEDGE_TERMINATORS.map((key) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              name={`terminator.${key}`}
              checked={draft.terminators.includes(key)}
              onChange={(e) => toggleTerminator(key, e.target.checked)}
            />
            {t(`scanner.keys.${key}`)}
          </label>
        ))}
        {errors.terminators && <span className="form-error">{errors.terminators}</span>}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="scanSound" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        {t('scanner.sound')}
      </label>
      <p role="status" data-testid="scanner-try">
        {lastScan === null ? t('scanner.tryIt') : t('scanner.detected', { code: lastScan, length: lastScan.length })}
      </p>
      <div className="button-row">
        <button type="button" className="btn primary" onClick={save}>
          {t('scanner.save')}
        </button>
      </div>
    </fieldset>
  );
}
