/** General settings of the tenant: its name and the tenant settings (password policy, defaults). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TENANT_SETTING_KEYS, type TenantSettingKey } from '../../../domain/settings-keys';
import { z } from 'zod';
import { tenantRowSchema } from '../../../domain/schemas/company';
import { tenantSettingRowSchema } from '../../../domain/schemas/settings';
import { post, put } from '../../api/client';
import { getAs } from '../../api/typed';
import { TenantSettingField } from './TenantSettingField';

export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tenant = useQuery({
    queryKey: ['self-tenant'],
    queryFn: () => getAs('/api/self/tenant', tenantRowSchema),
  });
  const settings = useQuery({
    queryKey: ['tenant-settings'],
    queryFn: () => getAs('/api/tenant-settings', z.array(tenantSettingRowSchema)),
  });
  const [name, setName] = useState('');
  useEffect(() => setName(tenant.data?.name ?? ''), [tenant.data]);
  const saveName = async (e: FormEvent) => {
    e.preventDefault();
    await put('/api/self/tenant', { name }).catch(() => undefined);
    await qc.invalidateQueries({ queryKey: ['self-tenant'] });
  };
  const saveSetting = async (key: TenantSettingKey, value: string): Promise<boolean> => {
    const saved = await post('/api/tenant-settings', { settingKey: key, value }).then(
      () => true,
      () => false,
    );
    await qc.invalidateQueries({ queryKey: ['tenant-settings'] });
    return saved;
  };
  return (
    <div className="page narrow">
      <h1>{t('general.title')}</h1>
      <section className="card">
        <form className="form" onSubmit={(e) => void saveName(e)}>
          <label>
            {t('general.tenantName')} <span className="muted">({tenant.data?.key})</span>
            <input name="tenantName" value={name} onChange={(e) => setName(e.target.value)} minLength={2} required />
          </label>
          <button type="submit" className="btn primary">
            {t('general.save')}
          </button>
        </form>
      </section>
      <section className="card">
        {TENANT_SETTING_KEYS.map((key) => (
          <TenantSettingField
            key={key}
            settingKey={key}
            stored={settings.data?.find((s) => s.settingKey === key)?.value}
            onSave={saveSetting}
          />
        ))}
      </section>
    </div>
  );
}
