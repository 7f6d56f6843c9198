/**
 * Tools → Freight → Create shipment (/apps/tools/freight/create-shipment): shipper and consignee,
 * a weekday pickup, handling units (a unit's class, left empty, comes from its density) and
 * accessorials → Shop: the carriers' rates side by side, the cheapest and the fastest marked →
 * Book one (once: the request key stays the same for a double click or a retry) → the BOL and PRO
 * numbers, the documents, tracking and cancel.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  densityClass,
  FREIGHT_ACCESSORIALS,
  FREIGHT_CLASS_VALUES,
  freightQuoteSchema,
  freightRequestSchema,
  freightShipmentSchema,
  HANDLING_UNIT_TYPES,
  isWeekday,
  type FreightAccessorial,
  type FreightQuote,
  type FreightRequest,
} from '../../../domain/schemas/freight-shipments';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { FREIGHT_GRID, ShipmentDetail } from './ShipmentDetail';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

const PARTY_FIELDS = [
  'name',
  'company',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
] as const;
type PartyField = (typeof PARTY_FIELDS)[number];
type Party = Record<PartyField, string>;
const emptyParty = (): Party => ({
  name: '',
  company: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
});

interface Unit {
  count: string;
  type: (typeof HANDLING_UNIT_TYPES)[number];
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  weightLb: string;
  freightClass: string;
  stackable: boolean;
}
const emptyUnit = (): Unit => ({
  count: '1',
  type: 'PALLET',
  lengthIn: '48',
  widthIn: '40',
  heightIn: '',
  weightLb: '',
  freightClass: '',
  stackable: false,
});

/** The next weekday after today, as YYYY-MM-DD. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 86_400_000);
  while (!isWeekday(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export default function CreateFreightShipmentPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const clients = useClientOptions();
  const [companyId, setCompanyId] = useState('');
  const [shipper, setShipper] = useState<Party>(emptyParty);
  const [consignee, setConsignee] = useState<Party>(emptyParty);
  const [pickupDate, setPickupDate] = useState(nextWeekday);
  const [units, setUnits] = useState<Unit[]>(() => [emptyUnit()]);
  const [accessorials, setAccessorials] = useState<FreightAccessorial[]>([]);
  const [poNumber, setPoNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<{ quote: FreightQuote; request: FreightRequest } | null>(null);
  const [shopping, setShopping] = useState(false);
  const [booking, setBooking] = useState<string | null>(null);
  const [bookedId, setBookedId] = useState<number | null>(null);
  const requestKey = useRef(newKey());

  /** Any change makes the rates stale: shop again. */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setQuote(null);
    };

  const shop = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = freightRequestSchema.safeParse({
      companyId: companyId ? Number(companyId) : null,
      shipper,
      consignee,
      pickupDate,
      handlingUnits: units.map((u) => ({ ...u, freightClass: u.freightClass ? Number(u.freightClass) : '' })),
      accessorials,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    setShopping(true);
    try {
      const got = await postAs('/api/tools/freight/quotes', parsed.data, freightQuoteSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      requestKey.current = newKey();
      setQuote({ quote: got, request: parsed.data });
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setShopping(false);
    }
  };

  const book = async (rateId: string) => {
    if (!quote || booking) return;
    setBooking(rateId);
    setErrors({});
    try {
      const booked = await postAs(
        '/api/tools/freight/shipments',
        { ...quote.request, rateId, requestKey: requestKey.current, poNumber: poNumber || undefined },
        freightShipmentSchema,
        { quiet: true, inlineRefusal: true },
      );
      toast('success', t('freight.create.booked', { pro: booked.proNumber, carrier: booked.carrierName }));
      void qc.invalidateQueries({ queryKey: [FREIGHT_GRID] });
      setBookedId(booked.id);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBooking(null);
    }
  };

  if (bookedId !== null)
    return (
      <div className="page">
        <div className="page-head">
          <h1>{t('freight.create.title')}</h1>
          <div className="button-row">
            <Link to="/apps/tools/freight" className="btn">
              {t('freight.title')}
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setBookedId(null);
                setQuote(null);
              }}
            >
              {t('freight.create.another')}
            </button>
          </div>
        </div>
        <ShipmentDetail id={bookedId} />
      </div>
    );

  const partyFields = (who: 'shipper' | 'consignee', v: Party, set: (p: Party) => void) => (
    <fieldset className="card">
      <legend>{t(`freight.create.${who}`)}</legend>
      <div className="form-row">
        {PARTY_FIELDS.map((f) => (
          <label key={f}>
            {t(`freight.party.${f}`)}
            <input
              name={`${who}.${f}`}
              value={v[f]}
              maxLength={f === 'state' ? 2 : f === 'postalCode' ? 5 : undefined}
              onChange={(e) => changed(set)({ ...v, [f]: e.target.value })}
              aria-invalid={!!errors[`${who}.${f}`]}
            />
            {errors[`${who}.${f}`] && <span className="form-error">{errors[`${who}.${f}`]}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );

  const setUnit = (i: number, patch: Partial<Unit>) =>
    changed(setUnits)(units.map((u, j) => (j === i ? { ...u, ...patch } : u)));
  const unitError = (i: number, f: string) => {
    const m = errors[`handlingUnits.${i}.${f}`];
    return m ? <span className="form-error">{m}</span> : null;
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('freight.create.title')}</h1>
        <div className="button-row">
          <Link to="/apps/tools/freight" className="btn">
            {t('freight.title')}
          </Link>
        </div>
      </div>
      <form className="form" noValidate onSubmit={(e) => void shop(e)} aria-label={t('freight.create.title')}>
        <div className="form-row card">
          <label>
            {t('freight.client')}
            <select name="companyId" value={companyId} onChange={(e) => changed(setCompanyId)(e.target.value)}>
              <option value="">{t('freight.ownFreight')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
            {errors.companyId && <span className="form-error">{errors.companyId}</span>}
          </label>
          <label>
            {t('freight.pickupDate')}
            <DateField
              name="pickupDate"
              value={pickupDate}
              onChange={changed(setPickupDate)}
              aria-invalid={!!errors.pickupDate}
            />
            {errors.pickupDate && <span className="form-error">{errors.pickupDate}</span>}
          </label>
          <label>
            {t('freight.create.poNumber')}
            <input name="poNumber" value={poNumber} maxLength={40} onChange={(e) => setPoNumber(e.target.value)} />
          </label>
        </div>
        {partyFields('shipper', shipper, setShipper)}
        {partyFields('consignee', consignee, setConsignee)}

        <fieldset className="card">
          <legend>{t('freight.units')}</legend>
          {errors.handlingUnits && <p className="form-error">{errors.handlingUnits}</p>}
          {units.map((u, i) => {
            const dims = [u.lengthIn, u.widthIn, u.heightIn, u.weightLb].map(Number);
            const computed = dims.every((n) => n > 0)
              ? densityClass({ lengthIn: dims[0], widthIn: dims[1], heightIn: dims[2], weightLb: dims[3] })
              : null;
            return (
              <div className="form-row" key={i} data-testid={`freight-unit-${i}`}>
                <label>
                  {t('freight.unit.count')}
                  <input
                    name={`units.${i}.count`}
                    type="number"
                    min={1}
                    value={u.count}
                    onChange={(e) => setUnit(i, { count: e.target.value })}
                  />
                  {unitError(i, 'count')}
                </label>
                <label>
                  {t('freight.unit.type')}
                  <select
                    name={`units.${i}.type`}
                    value={u.type}
                    onChange={(e) => setUnit(i, { type: e.target.value as Unit['type'] })}
                  >
                    {HANDLING_UNIT_TYPES.map((ty) => (
                      <option key={ty} value={ty}>
                        {t(`freight.unitTypes.${ty}`)}
                      </option>
                    ))}
                  </select>
                </label>
                {(['lengthIn', 'widthIn', 'heightIn', 'weightLb'] as const).map((f) => (
                  <label key={f}>
                    {t(`freight.unit.${f}`)}
                    <input
                      name={`units.${i}.${f}`}
                      inputMode="decimal"
                      value={u[f]}
                      onChange={(e) => setUnit(i, { [f]: e.target.value })}
                    />
                    {unitError(i, f)}
                  </label>
                ))}
                <label>
                  {t('freight.unit.freightClass')}
                  <select
                    name={`units.${i}.freightClass`}
                    value={u.freightClass}
                    onChange={(e) => setUnit(i, { freightClass: e.target.value })}
                  >
                    <option value="">
                      {computed === null
                        ? t('freight.unit.fromDensity')
                        : t('freight.unit.fromDensityIs', { cls: computed })}
                    </option>
                    {FREIGHT_CLASS_VALUES.map((c) => (
                      <option key={c} value={String(c)}>
                        {c}
                      </option>
                    ))}
                  </select>
                  {unitError(i, 'freightClass')}
                </label>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name={`units.${i}.stackable`}
                    checked={u.stackable}
                    onChange={(e) => setUnit(i, { stackable: e.target.checked })}
                  />
                  {t('freight.unit.stackable')}
                </label>
                {units.length > 1 && (
                  <button
                    type="button"
                    className="btn link"
                    onClick={() => changed(setUnits)(units.filter((_, j) => j !== i))}
                  >
                    {t('freight.unit.remove')}
                  </button>
                )}
              </div>
            );
          })}
          {units.length < 10 && (
            <button type="button" className="btn" onClick={() => changed(setUnits)([...units, emptyUnit()])}>
              {t('freight.unit.add')}
            </button>
          )}
        </fieldset>

        <fieldset className="card">
          <legend>{t('freight.accessorials')}</legend>
          <div className="form-row">
            {FREIGHT_ACCESSORIALS.map((a) => (
              <label className="checkbox" key={a}>
                <input
                  type="checkbox"
                  name={`accessorial.${a}`}
                  checked={accessorials.includes(a)}
                  onChange={(e) =>
                    changed(setAccessorials)(
                      e.target.checked ? [...accessorials, a] : accessorials.filter((x) => x !== a),
                    )
                  }
                />
                {t(`freight.accessorialNames.${a}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={shopping}>
            {shopping ? t('freight.create.shopping') : t('freight.create.shop')}
          </button>
        </div>
      </form>

      {quote && (
        <section className="card" aria-label={t('freight.create.rates')} data-testid="freight-rates">
          <h2>{t('freight.create.rates')}</h2>
          <p className="muted">
            {t('freight.create.ratedAt', {
              classes: quote.quote.ratedClasses.join(', '),
              until: f.dateTime(quote.quote.expiresAt),
            })}
          </p>
          {quote.quote.rates.length === 0 ? (
            <p>{t('freight.create.noRates')}</p>
          ) : (
            <table className="grid">
              <thead>
                <tr>
                  <th>{t('freight.carrier')}</th>
                  <th>{t('freight.service')}</th>
                  <th>{t('freight.create.transitDays')}</th>
                  <th>{t('freight.estimatedDelivery')}</th>
                  <th>{t('freight.cost')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {quote.quote.rates.map((r) => (
                  <tr key={r.rateId} data-testid="freight-rate">
                    <td>
                      {r.carrierName}{' '}
                      {r.cheapest && (
                        <span className="badge" style={{ background: 'var(--ok, #2a7)' }}>
                          {t('freight.create.cheapest')}
                        </span>
                      )}{' '}
                      {r.fastest && (
                        <span className="badge" style={{ background: 'var(--accent, #37c)' }}>
                          {t('freight.create.fastest')}
                        </span>
                      )}
                    </td>
                    <td>{t(`freight.services.${r.service}`, { defaultValue: r.service })}</td>
                    <td>{r.transitDays}</td>
                    <td>{f.date(r.estimatedDelivery)}</td>
                    <td title={r.charges.map((c) => `${c.description}: ${f.money(c.amountCents)}`).join('\n')}>
                      {f.money(r.totalCents)}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn primary small"
                        disabled={booking !== null}
                        onClick={() => void book(r.rateId)}
                      >
                        {booking === r.rateId ? t('freight.create.booking') : t('freight.create.book')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
