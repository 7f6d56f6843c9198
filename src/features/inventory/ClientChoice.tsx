/** A required client choice for warehouse users, from the device's replica (works offline, needs no Clients right). */
import { useTranslation } from 'react-i18next';
import { clientLabel, useClientChoices } from './client-choices';

export function ClientChoice({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const clients = useClientChoices();
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
        {(clients ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {clientLabel(c)}
          </option>
        ))}
      </select>
      {error && <span className="form-error">{error}</span>}
    </label>
  );
}

/** A client filter for warehouse lists: "All clients" or one (the value is the id as text, '' = all). */
export function ClientFilter({
  value,
  onChange,
  name = 'companyId',
}: {
  value: string;
  onChange: (id: string) => void;
  name?: string;
}) {
  const { t } = useTranslation();
  const clients = useClientChoices();
  return (
    <label>
      {t('po.client')}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('inventory.allClients')}</option>
        {(clients ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {clientLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
