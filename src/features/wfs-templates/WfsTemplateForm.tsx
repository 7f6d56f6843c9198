/**
 * The add / edit form of a WFS shipping template: name, owner (warehouse staff: shared or one
 * client), ship-from, carrier (an own carrier chosen from the warehouse's carriers), mode, box presets, default. Checked in place with the domain schema;
 * the server's refusals land beside their field when they name one (shipFrom.postalCode: …).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  WFS_CARRIER_PREFERENCES,
  WFS_SHIPPING_MODES,
  wfsTemplateInputSchema,
  wfsTemplateSchema,
  type WfsCarrierPreference,
  type WfsShippingMode,
  type WfsTemplate as Row,
} from '../../../domain/schemas/wfs-templates';
import { ApiFailure } from '../../api/client';
import { delAs, postAs, putAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { CarrierSelect } from '../carriers/CarrierSelect';
import { useFeedback } from '../../ui/feedback-store';
import { FormFooter } from '../../ui/FormFooter';
import { isWarehouseUser, useClientOptions } from '../inbound/purchase-orders/clients';

export const WFS_TEMPLATES_API = '/api/outbound/wfs/shipping-templates';

const ADDRESS_FIELDS = [
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'stateCode',
  'postalCode',
  'countryCode',
  'phone',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
const BOX_FIELDS = ['name', 'lengthIn', 'widthIn', 'heightIn', 'maxWeightLb'] as const;
type BoxField = (typeof BOX_FIELDS)[number];
type BoxDraft = Record<BoxField, string>;

const emptyBox = (): BoxDraft => ({ name: '', lengthIn: '', widthIn: '', heightIn: '', maxWeightLb: '' });
const numberText = (n: number | null) => (n === null ? '' : String(n));

/** "shipFrom.postalCode: …" → that field's message; anything else is the form's. */
function placeMessages(messages: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of messages) {
    const key = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): /.exec(m)?.[1];
    const known =
      key &&
      (['name', 'companyId', 'carrierPreference', 'carrierName', 'shippingMode', 'boxPresets'].includes(key) ||
        /^shipFrom\.\w+$/.test(key) ||
        /^boxPresets\.\d+\.\w+$/.test(key));
    const at = known ? key : 'form';
    out[at] = out[at] ? `${out[at]}; ${m}` : m;
  }
  return out;
}

export function WfsTemplateForm({
  row,
  defaultCompanyId,
  onDone,
}: {
  row: Row | null;
  /** The grid's client filter: a new template starts as that client's. */
  defaultCompanyId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const clients = useClientOptions();
  const [v, setV] = useState({
    name: row?.name ?? '',
    companyId: row ? (row.companyId ? String(row.companyId) : '') : defaultCompanyId,
    carrierPreference: (row?.carrierPreference ?? 'WALMART_PREFERRED') as WfsCarrierPreference,
    carrierName: row?.carrierName ?? '',
    shippingMode: (row?.shippingMode ?? 'PARCEL') as WfsShippingMode,
    isDefault: row?.isDefault ?? false,
  });
  const [address, setAddress] = useState<Record<AddressField, string>>({
    name: row?.shipFrom.name ?? '',
    addressLine1: row?.shipFrom.addressLine1 ?? '',
    addressLine2: row?.shipFrom.addressLine2 ?? '',
    city: row?.shipFrom.city ?? '',
    stateCode: row?.shipFrom.stateCode ?? '',
    postalCode: row?.shipFrom.postalCode ?? '',
    countryCode: row?.shipFrom.countryCode ?? 'US',
    phone: row?.shipFrom.phone ?? '',
  });
  const [boxes, setBoxes] = useState<BoxDraft[]>(
    row?.boxPresets.map((b) => ({
      name: b.name,
      lengthIn: numberText(b.lengthIn),
      widthIn: numberText(b.widthIn),
      heightIn: numberText(b.heightIn),
      maxWeightLb: numberText(b.maxWeightLb),
    })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setBox = (i: number, field: BoxField, value: string) =>
    setBoxes((list) => list.map((b, j) => (j === i ? { ...b, [field]: value } : b)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = wfsTemplateInputSchema.safeParse({
      name: v.name,
      companyId: warehouse && v.companyId ? Number(v.companyId) : null,
      shipFrom: address,
      carrierPreference: v.carrierPreference,
      carrierName: v.carrierPreference === 'OWN_CARRIER' ? v.carrierName : null,
      shippingMode: v.shippingMode,
      boxPresets: boxes,
      isDefault: v.isDefault,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[i.path.map(String).join('.')] ??= i.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      const opts = { quiet: true, inlineRefusal: true };
      if (row) await putAs(`${WFS_TEMPLATES_API}/${row.id}`, parsed.data, wfsTemplateSchema, opts);
      else await postAs(WFS_TEMPLATES_API, parsed.data, wfsTemplateSchema, opts);
      toast('success', t('wfsTemplates.saved'));
      onDone();
    } catch (err) {
      setErrors(err instanceof ApiFailure ? placeMessages(err.messages) : { form: String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('wfsTemplates.deleteConfirm', { name: row.name }))) return;
    try {
      await delAs(`${WFS_TEMPLATES_API}/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('wfsTemplates.deleted'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const error = (key: string) => errors[key] && <span className="form-error">{errors[key]}</span>;

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(row ? 'wfsTemplates.editTitle' : 'wfsTemplates.add')}
    >
      <div className="form-row">
        <label>
          {t('wfsTemplates.name')}
          <input name="name" autoFocus value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          {error('name')}
        </label>
        {warehouse && (
          <label>
            {t('wfsTemplates.owner')}
            <select name="companyId" value={v.companyId} onChange={(e) => setV({ ...v, companyId: e.target.value })}>
              <option value="">{t('wfsTemplates.sharedOption')}</option>
              {clients.data?.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('companyId')}
          </label>
        )}
      </div>

      <fieldset>
        <legend>{t('wfsTemplates.shipFrom')}</legend>
        <div className="form-row">
          {ADDRESS_FIELDS.map((f) => (
            <label key={f}>
              {t(`wfsTemplates.address.${f}`)}
              <input
                name={`shipFrom.${f}`}
                value={address[f]}
                autoComplete="off"
                onChange={(e) => setAddress({ ...address, [f]: e.target.value })}
              />
              {error(`shipFrom.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="form-row">
        <label>
          {t('wfsTemplates.carrierPreference')}
          <select
            name="carrierPreference"
            value={v.carrierPreference}
            onChange={(e) => setV({ ...v, carrierPreference: e.target.value as WfsCarrierPreference })}
          >
            {WFS_CARRIER_PREFERENCES.map((c) => (
              <option key={c} value={c}>
                {t(`wfsTemplates.carriers.${c}`)}
              </option>
            ))}
          </select>
          {error('carrierPreference')}
        </label>
        {v.carrierPreference === 'OWN_CARRIER' && (
          <label>
            {t('wfsTemplates.carrierName')}
            <CarrierSelect
              name="carrierName"
              kind={v.shippingMode === 'LTL' ? 'ltl' : 'parcel'}
              required
              value={v.carrierName}
              invalid={!!errors.carrierName}
              onChange={(name) => setV((now) => ({ ...now, carrierName: name }))}
            />
            {error('carrierName')}
          </label>
        )}
        <label>
          {t('wfsTemplates.shippingMode')}
          <select
            name="shippingMode"
            value={v.shippingMode}
            onChange={(e) => setV({ ...v, shippingMode: e.target.value as WfsShippingMode })}
          >
            {WFS_SHIPPING_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`wfsTemplates.modes.${m}`)}
              </option>
            ))}
          </select>
          {error('shippingMode')}
        </label>
      </div>
      <p className="muted">{t(v.shippingMode === 'PARCEL' ? 'wfsTemplates.parcelHint' : 'wfsTemplates.ltlHint')}</p>

      <fieldset data-testid="wfs-box-presets">
        <legend>{t('wfsTemplates.boxPresets')}</legend>
        {boxes.length === 0 && <p className="muted">{t('wfsTemplates.noBoxes')}</p>}
        {boxes.map((b, i) => (
          <div className="form-row" key={i} data-testid={`wfs-box-${i}`}>
            {BOX_FIELDS.map((f) => (
              <label key={f}>
                {t(`wfsTemplates.box.${f}`)}
                <input
                  name={`boxPresets.${i}.${f}`}
                  value={b[f]}
                  inputMode={f === 'name' ? undefined : 'decimal'}
                  onChange={(e) => setBox(i, f, e.target.value)}
                />
                {error(`boxPresets.${i}.${f}`)}
              </label>
            ))}
            <button
              type="button"
              className="btn"
              style={{ alignSelf: 'end' }}
              onClick={() => setBoxes((list) => list.filter((_, j) => j !== i))}
              aria-label={t('wfsTemplates.removeBox', { name: b.name || i + 1 })}
            >
              {t('wfsTemplates.remove')}
            </button>
          </div>
        ))}
        {error('boxPresets')}
        <button type="button" className="btn" onClick={() => setBoxes((list) => [...list, emptyBox()])}>
          {t('wfsTemplates.addBox')}
        </button>
      </fieldset>

      <label className="checkbox">
        <input
          type="checkbox"
          name="isDefault"
          checked={v.isDefault}
          onChange={(e) => setV({ ...v, isDefault: e.target.checked })}
        />
        {t('wfsTemplates.isDefault')}
      </label>
      <p className="muted">{t('wfsTemplates.defaultHint')}</p>
      <FormFooter
        error={errors.form}
        saveLabel={t('wfsTemplates.save')}
        cancelLabel={t('wfsTemplates.cancel')}
        onCancel={onDone}
        deleteLabel={t('wfsTemplates.delete')}
        onDelete={row ? () => void remove() : undefined}
      />
    </form>
  );
}
