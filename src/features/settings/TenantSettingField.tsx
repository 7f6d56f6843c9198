/**
 * One tenant setting with the control its type calls for (domain/settings-keys.ts): a number in
 * its range, a switch, a choice, or text with its pattern. It shows the stored value and the
 * default, checks the value with the same rule the server applies, and saves it alone.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  parseTenantSetting,
  TENANT_SETTINGS,
  type TenantSettingDef,
  type TenantSettingKey,
} from '../../../domain/settings-keys';
import { LANGUAGES } from '../../app/i18n';

type Value = string | number | boolean;

function shown(def: TenantSettingDef, value: Value, t: (k: string) => string): string {
  if (def.kind === 'boolean') return value ? t('general.on') : t('general.off');
  if (def.kind === 'select')
    return (
      LANGUAGES.find((l) => l.code === value)?.label ??
      (value === 'imperial' || value === 'metric' ? t(`general.unit_${value}`) : String(value))
    );
  return String(value);
}

export function TenantSettingField({
  settingKey,
  stored,
  onSave,
}: {
  settingKey: TenantSettingKey;
  /** The stored JSON value, or undefined while the default applies. */
  stored: string | undefined;
  onSave: (key: TenantSettingKey, json: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const def: TenantSettingDef = TENANT_SETTINGS[settingKey];
  const current = stored !== undefined ? parseTenantSetting(settingKey, stored) : null;
  const currentValue: Value = current?.ok ? current.value : def.default;
  const [draft, setDraft] = useState<string>(String(currentValue));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(String(currentValue)), [currentValue]);

  const json = (): string =>
    def.kind === 'number'
      ? draft.trim() === ''
        ? '""'
        : draft.trim()
      : def.kind === 'boolean'
        ? draft
        : JSON.stringify(draft);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseTenantSetting(settingKey, json());
    if (!parsed.ok) return setError(parsed.message.replace(`${settingKey}: `, ''));
    setError(null);
    await onSave(settingKey, JSON.stringify(parsed.value));
  };
  const id = `setting-${settingKey}`;
  return (
    <form className="setting-row" onSubmit={(e) => void submit(e)} noValidate data-setting={settingKey}>
      <label htmlFor={id}>{t(`general.${settingKey}`)}</label>
      <div className="setting-control">
        {def.kind === 'number' && (
          <input
            id={id}
            name={settingKey}
            type="number"
            inputMode="numeric"
            min={def.min}
            max={def.max}
            step={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={!!error}
          />
        )}
        {def.kind === 'boolean' && (
          <input
            id={id}
            name={settingKey}
            type="checkbox"
            role="switch"
            checked={draft === 'true'}
            onChange={(e) => setDraft(String(e.target.checked))}
          />
        )}
        {def.kind === 'select' && (
          <select id={id} name={settingKey} value={draft} onChange={(e) => setDraft(e.target.value)}>
            {def.options.map((o) => (
              <option key={o} value={o}>
                {shown(def, o, t)}
              </option>
            ))}
          </select>
        )}
        {def.kind === 'text' && (
          <input
            id={id}
            name={settingKey}
            value={draft}
            onChange={(e) => setDraft(e.target.value.toUpperCase())}
            aria-invalid={!!error}
            maxLength={16}
          />
        )}
        <button type="submit" className="btn">
          {t('general.save')}
        </button>
      </div>
      <p className="muted setting-facts">
        {def.kind === 'number' && `${t('general.range', { min: def.min, max: def.max })} · `}
        {def.kind === 'text' && `${t(`general.hint_${settingKey}`)} · `}
        {stored !== undefined
          ? t('general.current', { value: shown(def, currentValue, t) })
          : t('general.usingDefault')}
        {' · '}
        {t('general.default', { value: shown(def, def.default, t) })}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
