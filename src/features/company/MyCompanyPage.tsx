/** My Company: details (completes set-up for a new tenant), addresses and warehouses. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isClientAudience } from '../../../domain/enums';
import { can } from '../../../domain/permissions';
import { stateRequired } from '../../../domain/rules/addresses';
import { userDataSchema } from '../../../domain/schemas/auth';
import { companyDetailSchema, companyUpdateResultSchema } from '../../../domain/schemas/company';
import { del, post } from '../../api/client';
import { getAs, putAs } from '../../api/typed';
import { useSession } from '../../app/session';

function AddressForm({ companyId, onSaved }: { companyId: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const empty = { line1: '', city: '', state: '', postalCode: '', countryCode: '', isDefault: false };
  const [a, setA] = useState(empty);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await post(`/api/company/${companyId}/addresses`, { ...a, state: a.state || undefined }).catch(
      () => null,
    );
    if (saved) {
      setA(empty);
      onSaved();
    }
  };
  return (
    <form className="form form-grid" data-testid="address-form" onSubmit={(e) => void submit(e)}>
      {(['line1', 'city', 'state', 'postalCode', 'countryCode'] as const).map((k) => (
        <label key={k}>
          {t(`addressForm.${k}`)}
          {k === 'state' && stateRequired(a.countryCode) && ' *'}
          <input
            name={k}
            value={a[k]}
            maxLength={k === 'countryCode' ? 2 : undefined}
            onChange={(e) => setA({ ...a, [k]: e.target.value })}
          />
        </label>
      ))}
      <label className="checkbox">
        <input
          type="checkbox"
          name="isDefault"
          checked={a.isDefault}
          onChange={(e) => setA({ ...a, isDefault: e.target.checked })}
        />{' '}
        {t('addressForm.isDefault')}
      </label>
      <button type="submit" className="btn primary">
        {t('addressForm.save')}
      </button>
    </form>
  );
}

export default function MyCompanyPage() {
  const { t } = useTranslation();
  const { companyId } = useParams({ strict: false }) as { companyId: string };
  const user = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const company = useQuery({
    queryKey: ['company', companyId],
    queryFn: () => getAs(`/api/company/${companyId}`, companyDetailSchema),
  });
  const [form, setForm] = useState({ name: '', phone: '', website: '', taxId: '' });
  useEffect(() => {
    if (company.data)
      setForm({
        name: company.data.name,
        phone: company.data.phone ?? '',
        website: company.data.website ?? '',
        taxId: company.data.taxId ?? '',
      });
  }, [company.data]);
  const editable = can(user.ability, 'update', 'myCompany') || can(user.ability, 'update', 'clients');
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const res = await putAs(
      `/api/company/${companyId}`,
      { name: form.name, phone: form.phone || null, website: form.website || null, taxId: form.taxId || null },
      companyUpdateResultSchema,
    ).catch(() => null);
    if (res?.setupCompleted)
      useSession.getState().updateUser(await getAs('/api/users/refresh-auth-data', userDataSchema, { quiet: true }));
    await qc.invalidateQueries({ queryKey: ['company', companyId] });
  };
  if (company.isError)
    return (
      <div className="page">
        <p className="form-error">{t('errors.generic')}</p>
      </div>
    );
  if (!company.data)
    return (
      <div className="page">
        <p>{t('app.loading')}</p>
      </div>
    );
  const c = company.data;
  return (
    <div className="page">
      <h1>{c.name}</h1>
      {user.role.roleName === 'CompanyNewUserRole' && <p className="notice">{t('company.setupHint')}</p>}
      <section className="card">
        <h2>{t('company.details')}</h2>
        <dl className="facts">
          <dt>{t('company.account')}</dt>
          <dd>{c.accountNo}</dd>
          <dt>{t('company.audience')}</dt>
          <dd>
            {t(`enums.audiences.${c.audience}`)}
            <small className="muted"> · {t(`enums.audienceHints.${c.audience}`)}</small>
          </dd>
          <dt>{t('clients.status')}</dt>
          <dd>{t(`status.${c.status}`)}</dd>
        </dl>
        <form className="form form-grid" onSubmit={(e) => void save(e)}>
          {(['name', 'phone', 'website', 'taxId'] as const).map((k) => (
            <label key={k}>
              {t(`company.${k}`)}
              <input
                name={k}
                value={form[k]}
                disabled={!editable}
                onChange={(e) => setForm({ ...form, [k]: e.target.value })}
              />
            </label>
          ))}
          {editable && (
            <button type="submit" className="btn primary">
              {t('company.save')}
            </button>
          )}
        </form>
      </section>
      <section className="card">
        <h2>{t('company.addresses')}</h2>
        {c.addresses.length === 0 ? (
          <p className="muted">{t('company.noAddresses')}</p>
        ) : (
          <ul className="address-list">
            {c.addresses.map((a) => (
              <li key={a.id}>
                {a.line1}, {a.postalCode} {a.city}
                {a.state ? `, ${a.state}` : ''}, {a.countryCode}
                {a.isDefault ? ' ★' : ''}
                {editable && (
                  <button
                    type="button"
                    className="btn small"
                    onClick={async () => {
                      await del(`/api/company/${companyId}/addresses/${a.id}`).catch(() => undefined);
                      await qc.invalidateQueries({ queryKey: ['company', companyId] });
                    }}
                  >
                    {t('addressForm.remove')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {editable && (
          <AddressForm
            companyId={companyId}
            onSaved={() => void qc.invalidateQueries({ queryKey: ['company', companyId] })}
          />
        )}
      </section>
      <section className="card">
        <h2>{t('company.warehouses')}</h2>
        <ul>
          {c.warehouses.map((w) => (
            <li key={w.id}>
              {w.name} ({w.code}){w.defaultShipFrom ? ` · ${t('warehouses.defaultShipFrom')}` : ''}
            </li>
          ))}
        </ul>
        {!isClientAudience(user.audience) && can(user.ability, 'update', 'myCompany') && (
          <Link to="/apps/settings/warehouses" className="btn">
            {t('warehouses.manage')}
          </Link>
        )}
      </section>
    </div>
  );
}
