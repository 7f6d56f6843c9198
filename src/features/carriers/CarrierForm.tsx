/**
 * The add / edit form of a carrier: name (as marketplaces know it), code (SCAC), parcel or LTL,
 * the account number, its services (one per line), the tracking page with {tracking} where the
 * number goes, and active. Checked in place with the domain schema the server uses; the server's
 * refusals ("code: …", a twin's 409) land beside their field when they name one, else under the form.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARRIER_KINDS,
  carrierInputSchema,
  carrierSchema,
  TRACKING_PLACEHOLDER,
  type Carrier,
} from '../../../domain/schemas/carriers';
import { deletedSchema } from '../../../domain/schemas/common';
import { ApiFailure } from '../../api/client';
import { delAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { FormFooter } from '../../ui/FormFooter';

export const CARRIERS_API = '/api/common/carrier';

const FIELDS = ['name', 'code', 'kind', 'accountNumber', 'services', 'trackingUrl', 'active'];

/** "code: …" → that field's message; anything else is the form's. */
function placeMessages(messages: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of messages) {
    const key = /^([A-Za-z]+)[: ]/.exec(m)?.[1];
    const at = key && FIELDS.includes(key) ? key : 'form';
    out[at] = out[at] ? `${out[at]}; ${m}` : m;
  }
  return out;
}

export function CarrierForm({ row, mayEdit, onDone }: { row: Carrier | null; mayEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [v, setV] = useState({
    name: row?.name ?? '',
    code: row?.code ?? '',
    kind: row?.kind ?? 'parcel',
    accountNumber: row?.accountNumber ?? '',
    services: (row?.services ?? []).join('\n'),
    trackingUrl: row?.trackingUrl ?? '',
    active: row?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) => {
    setV({ ...v, [key]: value });
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = carrierInputSchema.safeParse({
      ...v,
      services: v.services
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0] ?? 'form')] ??= i.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      const opts = { quiet: true, inlineRefusal: true };
      if (row) await putAs(`${CARRIERS_API}/${row.id}`, parsed.data, carrierSchema, opts);
      else await postAs(CARRIERS_API, parsed.data, carrierSchema, opts);
      toast('success', t(row ? 'carriers.saved' : 'carriers.added', { name: parsed.data.name }));
      onDone();
    } catch (err) {
      setErrors(err instanceof ApiFailure ? placeMessages(err.messages) : { form: String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('carriers.deleteConfirm', { name: row.name }))) return;
    try {
      await delAs(`${CARRIERS_API}/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('carriers.deleted', { name: row.name }));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const error = (key: string) =>
    errors[key] && (
      <span className="form-error" data-testid={`error-${key}`}>
        {errors[key]}
      </span>
    );
  const title = row ? t('carriers.editTitle', { name: row.name }) : t('carriers.add');

  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
      <h2>{title}</h2>
      <fieldset disabled={!mayEdit}>
        <div className="form-row">
          <label>
            {t('carriers.name')} *
            <input
              name="name"
              autoFocus
              maxLength={60}
              value={v.name}
              aria-invalid={!!errors.name || undefined}
              onChange={(e) => set('name', e.target.value)}
            />
            <span className="muted">{t('carriers.nameHint')}</span>
            {error('name')}
          </label>
          <label>
            {t('carriers.code')} *
            <input
              name="code"
              maxLength={12}
              value={v.code}
              aria-invalid={!!errors.code || undefined}
              onChange={(e) => set('code', e.target.value.toUpperCase())}
            />
            <span className="muted">{t('carriers.codeHint')}</span>
            {error('code')}
          </label>
          <label>
            {t('carriers.kind')}
            <select name="kind" value={v.kind} onChange={(e) => set('kind', e.target.value as typeof v.kind)}>
              {CARRIER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`carriers.kinds.${k}`)}
                </option>
              ))}
            </select>
            {error('kind')}
          </label>
          <label>
            {t('carriers.accountNumber')}
            <input
              name="accountNumber"
              maxLength={40}
              autoComplete="off"
              value={v.accountNumber}
              aria-invalid={!!errors.accountNumber || undefined}
              onChange={(e) => set('accountNumber', e.target.value)}
            />
            {error('accountNumber')}
          </label>
        </div>
        <div className="form-row">
          <label>
            {t('carriers.services')}
            <textarea
              name="services"
              rows={4}
              value={v.services}
              aria-invalid={!!errors.services || undefined}
              onChange={(e) => set('services', e.target.value)}
            />
            <span className="muted">{t('carriers.servicesHint')}</span>
            {error('services')}
          </label>
          <label>
            {t('carriers.trackingUrl')}
            <input
              name="trackingUrl"
              type="url"
              maxLength={500}
              value={v.trackingUrl}
              placeholder={`https://…${TRACKING_PLACEHOLDER}`}
              aria-invalid={!!errors.trackingUrl || undefined}
              onChange={(e) => set('trackingUrl', e.target.value)}
            />
            <span className="muted">{t('carriers.trackingUrlHint', { placeholder: TRACKING_PLACEHOLDER })}</span>
            {error('trackingUrl')}
          </label>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="active" checked={v.active} onChange={(e) => set('active', e.target.checked)} />
          {t('carriers.active')}
        </label>
        <p className="muted">{t('carriers.activeHint')}</p>
        {error('active')}
      </fieldset>
      {mayEdit ? (
        <FormFooter
          error={errors.form}
          saveLabel={t('carriers.save')}
          cancelLabel={t('carriers.cancel')}
          onCancel={onDone}
          deleteLabel={t('carriers.delete')}
          onDelete={row ? () => void remove() : undefined}
        />
      ) : (
        <div className="button-row">
          <button type="button" className="btn" onClick={onDone}>
            {t('carriers.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
