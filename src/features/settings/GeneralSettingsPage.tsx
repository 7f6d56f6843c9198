/** General settings of the tenant: its name and the tenant settings (password policy, defaults). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TENANT_SETTING_KEYS, type TenantSettingKey } from '../../../domain/settings-keys';
import { get, post, put } from '../../api/client';

export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tenant = useQuery({
    queryKey: ['self-tenant'],
    queryFn: () => get<{ name: string; key: string }>('/api/self/tenant'),
  });
  const settings = useQuery({
    queryKey: ['tenant-settings'],
    queryFn: () => get<{ settingKey: TenantSettingKey; value: string }[]>('/api/tenant-settings'),
  });
  const [name, setName] = useState('');
  const [values, setValues] = useState<Partial<Record<TenantSettingKey, string>>>({});
  useEffect(() => setName(tenant.data?.name ?? ''), [tenant.data]);
  useEffect(() => {
    // Stored values fill the form without overwriting what the user already typed.
    if (settings.data)
      setValues((typed) => ({
        ...Object.fromEntries(settings.data.map((s) => [s.settingKey, JSON.parse(s.value) as string])),
        ...typed,
      }));
  }, [settings.data]);
  const saveName = async (e: FormEvent) => {
    e.preventDefault();
    await put('/api/self/tenant', { name }).catch(() => undefined);
    await qc.invalidateQueries({ queryKey: ['self-tenant'] });
  };
  const saveSetting = async (key: TenantSettingKey) => {
    await post('/api/tenant-settings', { settingKey: key, value: JSON.stringify(values[key] ?? '') }).catch(
      () => undefined,
    );
    await qc.invalidateQueries({ queryKey: ['tenant-settings'] });
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
          <form
            key={key}
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              void saveSetting(key);
            }}
          >
            <label>
              {t(`general.${key}`)}
              <input
                name={key}
                value={values[key] ?? ''}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
            </label>
            <button type="submit" className="btn">
              {t('general.save')}
            </button>
          </form>
        ))}
      </section>
    </div>
  );
}
