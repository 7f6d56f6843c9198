/**
 * The add / edit form of a warehouse site: name and code, the address (the state where the
 * country has them), phone and e-mail, the IANA time zone, active and the default ship-from.
 * Checked in place with the domain schema the server uses; the server's refusals land beside their
 * field when they name one ("state: …"), else under the form.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stateRequired, timeZoneOptions } from '../../../domain/rules/addresses';
import { warehouseRowSchema, warehouseSchema, type WarehouseRow as Row } from '../../../domain/schemas/company';
import { ApiFailure } from '../../api/client';
import { postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { FormFooter } from '../../ui/FormFooter';

export const WAREHOUSES_API = '/api/company/warehouse';

const ADDRESS_FIELDS = [
  'addressName',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'countryCode',
  'phone',
  'email',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
const FIELDS = ['name', 'code', ...ADDRESS_FIELDS, 'timezone', 'active', 'defaultShipFrom'];

/** A refusal about a field (the envelope names it, or "state: …") → beside it; anything else is the form's. */
function placeMessages(messages: string[], fields: (string | undefined)[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, m] of messages.entries()) {
    const key = fields[i]?.split('.').at(-1) ?? /^([A-Za-z]+): /.exec(m)?.[1];
    const at = key && FIELDS.includes(key) ? key : 'form';
    out[at] = out[at] ? `${out[at]}; ${m}` : m;
  }
  return out;
}

export function WarehouseForm({ row, mayEdit, onDone }: { row: Row | null; mayEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const zones = useMemo(() => {
    const list = timeZoneOptions();
    return row && !list.includes(row.timezone) ? [row.timezone, ...list] : list;
  }, [row]);
  const [v, setV] = useState({
    name: row?.name ?? '',
    code: row?.code ?? '',
    timezone: row?.timezone ?? 'UTC',
    active: row?.active ?? true,
    defaultShipFrom: row?.defaultShipFrom ?? false,
  });
  const [address, setAddress] = useState<Record<AddressField, string>>(
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, row?.[f] ?? (f === 'countryCode' && !row ? 'US' : '')])) as Record<
      AddressField,
      string
    >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The default ship-from stays the default (and active) until another site takes it.
  const lockedDefault = !!row?.defaultShipFrom;
  const needsState = stateRequired(address.countryCode);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = warehouseSchema.safeParse({ ...v, ...address });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[i.path.map(String).join('.') || 'form'] ??= i.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      const opts = { quiet: true, inlineRefusal: true };
      if (row) await putAs(`${WAREHOUSES_API}/${row.id}`, parsed.data, warehouseRowSchema, opts);
      else await postAs(WAREHOUSES_API, parsed.data, warehouseRowSchema, opts);
      toast('success', t(row ? 'warehouses.saved' : 'warehouses.added'));
      onDone();
    } catch (err) {
      setErrors(err instanceof ApiFailure ? placeMessages(err.messages, err.fields) : { form: String(err) });
    }
  };
  const error = (key: string) =>
    errors[key] && (
      <span className="form-error" data-testid={`error-${key}`}>
        {errors[key]}
      </span>
    );

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={row ? t('warehouses.editTitle', { name: row.name }) : t('warehouses.add')}
    >
      <h2>{row ? t('warehouses.editTitle', { name: row.name }) : t('warehouses.add')}</h2>
      <fieldset disabled={!mayEdit}>
        <div className="form-row">
          <label>
            {t('warehouses.name')}
            <input name="name" autoFocus value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
            {error('name')}
          </label>
          <label>
            {t('warehouses.code')}
            <input
              name="code"
              value={v.code}
              maxLength={20}
              onChange={(e) => setV({ ...v, code: e.target.value.toUpperCase() })}
            />
            {error('code')}
          </label>
          <label>
            {t('warehouses.timezone')}
            <select name="timezone" value={v.timezone} onChange={(e) => setV({ ...v, timezone: e.target.value })}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
            {error('timezone')}
          </label>
        </div>
        <fieldset>
          <legend>{t('warehouses.address')}</legend>
          <div className="form-row">
            {ADDRESS_FIELDS.map((f) => {
              const required = f === 'state' ? needsState : f === 'line1' || f === 'city' || f === 'postalCode';
              return (
                <label key={f}>
                  {t(`warehouses.${f}`)}
                  {required && ' *'}
                  <input
                    name={f}
                    type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                    value={address[f]}
                    maxLength={f === 'countryCode' ? 2 : undefined}
                    autoComplete="off"
                    aria-required={required || undefined}
                    onChange={(e) =>
                      setAddress({
                        ...address,
                        [f]: f === 'countryCode' ? e.target.value.toUpperCase() : e.target.value,
                      })
                    }
                  />
                  {f === 'state' && needsState && (
                    <span className="muted">
                      {t('warehouses.stateRequired', { country: address.countryCode.toUpperCase() })}
                    </span>
                  )}
                  {error(f)}
                </label>
              );
            })}
          </div>
        </fieldset>
        <label className="checkbox">
          <input
            type="checkbox"
            name="active"
            checked={v.active}
            disabled={lockedDefault}
            onChange={(e) => setV({ ...v, active: e.target.checked })}
          />
          {t('warehouses.active')}
        </label>
        {error('active')}
        <label className="checkbox">
          <input
            type="checkbox"
            name="defaultShipFrom"
            checked={v.defaultShipFrom}
            disabled={lockedDefault}
            onChange={(e) => setV({ ...v, defaultShipFrom: e.target.checked })}
          />
          {t('warehouses.defaultShipFrom')}
        </label>
        {error('defaultShipFrom')}
        <p className="muted">{t(lockedDefault ? 'warehouses.defaultLocked' : 'warehouses.defaultShipFromHint')}</p>
      </fieldset>
      {mayEdit ? (
        <FormFooter
          error={errors.form}
          saveLabel={t('warehouses.save')}
          cancelLabel={t('warehouses.cancel')}
          onCancel={onDone}
        />
      ) : (
        <div className="button-row">
          <button type="button" className="btn" onClick={onDone}>
            {t('warehouses.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
