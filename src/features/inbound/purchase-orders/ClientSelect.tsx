import { useTranslation } from 'react-i18next';
import { useClientOptions } from './clients';

/** A required client choice for warehouse users; empty until the list has loaded. */
export function ClientSelect({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const clients = useClientOptions();
  return (
    <label>
      {t('po.client')}
      <select
        name="companyId"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        aria-invalid={!!error}
      >
        <option value="">{t('po.chooseClient')}</option>
        {(clients.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.accountNo ? `${c.accountNo} · ${c.name}` : c.name}
          </option>
        ))}
      </select>
      {error && <span className="form-error">{error}</span>}
    </label>
  );
}
