/** Warehouse users narrow a list to one client; clients see only their own and get no filter. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { isWarehouseUser, useClientOptions } from '../inbound/purchase-orders/clients';

export function ClientFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const clients = useClientOptions();
  if (!warehouse) return null;
  return (
    <label className="field">
      <span>{t('po.client')}</span>
      <select
        name="companyId"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('fba.allClients')}</option>
        {(clients.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.accountNo ? `${c.accountNo} · ${c.name}` : c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
