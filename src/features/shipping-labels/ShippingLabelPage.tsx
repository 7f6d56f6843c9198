/**
 * Buy Shipping Labels (/apps/tools/shipping-label, spec §2 Tools): a one-off parcel label from any
 * address — shop every connected carrier's rates side by side (cheapest and fastest marked), buy
 * one (for a client: from its label funds, with the warehouse's upcharge; or the warehouse's own),
 * print it again, void it within the carrier's window. The labels bought are listed below.
 * A parcel to another country carries its customs declaration (the FBM order's fields and rules,
 * src/features/customs/CustomsFields): checked here before shopping, rated and bought with it; its
 * CN22/CN23 comes after the label in the document.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rateQuoteRequestSchema, rateQuotesSchema, type RateQuote } from '../../../domain/schemas/shipping';
import {
  LABEL_FORMATS,
  shippingLabelPageSchema,
  shippingLabelSchema,
  type LabelFormat,
  type ShippingLabel,
} from '../../../domain/schemas/shipping-labels';
import { api, ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { money } from '../finance/money';
import { isWarehouseUser, useClientOptions } from '../inbound/purchase-orders/clients';
import { checkCustoms, CustomsFields, customsInputOf, emptyCustoms, type CustomsDraft } from '../customs/CustomsFields';
import { AddressFields, addressInput, emptyAddress, type AddressForm } from './AddressFields';
import { formatDateTime } from '../../../domain/format';

const GRID = 'shipping-labels';
const BASE = '/api/external/ship/rate/label';

const newKey = () => `lbl-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

async function openDocument(label: ShippingLabel) {
  const res = await api<Response>('GET', `${BASE}/${label.id}/document`, { raw: true });
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), {
    href: url,
    download: `label-${label.trackingNumber ?? label.id}.${label.format}`,
  }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function ShippingLabelPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const clients = useClientOptions();
  const [companyId, setCompanyId] = useState('');
  const [shipFrom, setShipFrom] = useState<AddressForm>(emptyAddress());
  const [shipTo, setShipTo] = useState<AddressForm>(emptyAddress());
  const [parcel, setParcel] = useState({ weightLb: '', lengthIn: '', widthIn: '', heightIn: '' });
  const [reference, setReference] = useState('');
  const [format, setFormat] = useState<LabelFormat>('pdf');
  const [customs, setCustoms] = useState<CustomsDraft>(emptyCustoms);
  const [customsErrors, setCustomsErrors] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rates, setRates] = useState<{
    rates: RateQuote[];
    refused: { carrier: string; service: string; reason: string }[];
  } | null>(null);
  // One purchase key per shopped set of rates: a second click on Buy buys the same label once.
  const [requestKey, setRequestKey] = useState(newKey);
  const [busy, setBusy] = useState<string | null>(null);
  const fmt = (cents: number, currency = 'USD') => money(cents, i18n.language, currency);

  const route = {
    shipFrom: shipFrom.countryCode.trim().toUpperCase(),
    shipTo: shipTo.countryCode.trim().toUpperCase(),
  };
  const international = !!route.shipTo && !!route.shipFrom && route.shipTo !== route.shipFrom;

  const request = () => {
    const num = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));
    return {
      shipFrom: addressInput(shipFrom),
      shipTo: addressInput(shipTo),
      parcels: [
        {
          weightLb: num(parcel.weightLb) ?? 0,
          lengthIn: num(parcel.lengthIn),
          widthIn: num(parcel.widthIn),
          heightIn: num(parcel.heightIn),
        },
      ],
      ...(international ? { customs: customsInputOf(customs) } : {}),
    };
  };

  const shop = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = rateQuoteRequestSchema.safeParse(request());
    // The same schema and rules as the server's: an incomplete declaration is said per field here.
    const declared = international ? checkCustoms(customs, route) : { valid: null, errors: {} };
    setCustomsErrors(declared.errors);
    if (!parsed.success || (international && !declared.valid)) {
      setRates(null);
      if (parsed.success) return setErrors({});
      return setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [i.path.filter((p) => typeof p === 'string').join('.'), i.message]),
        ),
      );
    }
    setErrors({});
    setBusy('shop');
    try {
      // Across a border, the declaration as the schema read it (HS code digits, country upper case).
      const body = international ? { ...parsed.data, customs: declared.valid! } : parsed.data;
      setRates(await postAs(`${BASE}/list/rates`, body, rateQuotesSchema, { quiet: true, inlineRefusal: true }));
      setRequestKey(newKey());
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  const buy = async (rate: RateQuote) => {
    setBusy(rate.rateId);
    try {
      const label = await postAs(
        `${BASE}/purchase`,
        {
          ...rateQuoteRequestSchema.parse(request()),
          ...(international ? { customs: checkCustoms(customs, route).valid ?? undefined } : {}),
          requestKey,
          rateId: rate.rateId,
          companyId: warehouse ? (companyId ? Number(companyId) : null) : undefined,
          format,
          reference: reference.trim() || undefined,
        },
        shippingLabelSchema,
        { quiet: true, inlineRefusal: true },
      );
      toast('success', t('shippingLabels.bought', { tracking: label.trackingNumber ?? label.id }));
      setRates(null);
      setRequestKey(newKey());
      void qc.invalidateQueries({ queryKey: [GRID] });
      void openDocument(label);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  const voidIt = async (label: ShippingLabel) => {
    if (!window.confirm(t('shippingLabels.voidConfirm', { tracking: label.trackingNumber ?? label.id }))) return;
    try {
      await postAs(`${BASE}/void/${label.id}`, {}, shippingLabelSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('shippingLabels.voided'));
      void qc.invalidateQueries({ queryKey: [GRID] });
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
  };

  const cheapest = rates?.rates.length ? Math.min(...rates.rates.map((r) => r.amount)) : null;
  const days = rates?.rates.map((r) => r.deliveryDays).filter((d): d is number => d !== null) ?? [];
  const fastest = days.length ? Math.min(...days) : null;

  const columns: ColumnDef<ShippingLabel, unknown>[] = [
    {
      accessorKey: 'createdAt',
      header: t('shippingLabels.date'),
      enableSorting: false,
      cell: ({ getValue }) => formatDateTime(i18n.language, getValue() as string),
    },
    ...(warehouse
      ? ([
          {
            accessorKey: 'companyName',
            header: t('shippingLabels.client'),
            enableSorting: false,
            cell: ({ getValue }) => (getValue() as string | null) ?? t('shippingLabels.ownLabel'),
          },
        ] as ColumnDef<ShippingLabel, unknown>[])
      : []),
    {
      id: 'service',
      header: t('shippingLabels.service'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => `${l.carrier} · ${l.service}`,
    },
    { accessorKey: 'trackingNumber', header: t('shippingLabels.tracking'), enableSorting: false },
    {
      id: 'shipTo',
      header: t('shippingLabels.shipTo'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => `${l.shipTo.name}, ${l.shipTo.city} ${l.shipTo.state}`,
    },
    { accessorKey: 'reference', header: t('shippingLabels.reference'), enableSorting: false },
    ...(warehouse
      ? ([
          {
            id: 'cost',
            header: t('shippingLabels.costUpcharge'),
            enableSorting: false,
            cell: ({ row: { original: l } }) =>
              l.cost ? `${fmt(l.cost.costCents, l.currency)} + ${fmt(l.cost.upchargeCents, l.currency)}` : '–',
          },
        ] as ColumnDef<ShippingLabel, unknown>[])
      : []),
    {
      accessorKey: 'totalCents',
      header: t('shippingLabels.total'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => <span className="num">{fmt(l.totalCents, l.currency)}</span>,
    },
    {
      accessorKey: 'status',
      header: t('shippingLabels.status'),
      enableSorting: false,
      cell: ({ row: { original: l } }) => (
        <span className={`badge label-status-${l.status}`}>{t(`shippingLabels.statuses.${l.status}`)}</span>
      ),
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row: { original: l } }) => (
        <span className="row-actions">
          <button type="button" onClick={() => void openDocument(l)}>
            {t('shippingLabels.print')}
          </button>
          {l.status === 'bought' && (
            <button type="button" className="danger" onClick={() => void voidIt(l)}>
              {t('shippingLabels.void')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="page" data-testid="shipping-labels">
      <div className="page-head">
        <h1>{t('nav.BuyShippingLabels')}</h1>
      </div>
      <p className="muted">{t('shippingLabels.intro')}</p>
      <form className="card form" noValidate onSubmit={(e) => void shop(e)} aria-label={t('shippingLabels.newLabel')}>
        {warehouse && (
          <label>
            {t('shippingLabels.client')}
            <select name="companyId" value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
              <option value="">{t('shippingLabels.ownLabel')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.accountNo ? `${c.accountNo} · ${c.name}` : c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <AddressFields
          legend={t('shippingLabels.shipFrom')}
          prefix="shipFrom"
          value={shipFrom}
          errors={errors}
          onChange={setShipFrom}
        />
        <AddressFields
          legend={t('shippingLabels.shipTo')}
          prefix="shipTo"
          value={shipTo}
          errors={errors}
          onChange={setShipTo}
        />
        <fieldset className="form-row">
          <legend>{t('shippingLabels.parcel')}</legend>
          {(['weightLb', 'lengthIn', 'widthIn', 'heightIn'] as const).map((f) => (
            <label key={f}>
              {t(`shippingLabels.${f}`)}
              <input
                name={f}
                inputMode="decimal"
                value={parcel[f]}
                onChange={(e) => setParcel({ ...parcel, [f]: e.target.value })}
              />
              {errors[`parcels.${f}`] && <span className="form-error">{errors[`parcels.${f}`]}</span>}
            </label>
          ))}
        </fieldset>
        <div className="form-row">
          <label>
            {t('shippingLabels.reference')}
            <input name="reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
          </label>
          <label>
            {t('shippingLabels.format')}
            <select name="format" value={format} onChange={(e) => setFormat(e.target.value as LabelFormat)}>
              {LABEL_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`shippingLabels.formats.${f}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {international && (
          <fieldset data-testid="label-customs">
            <legend>{t('shippingLabels.customsTitle')}</legend>
            <p className="muted">{t('shippingLabels.customsIntro', { from: route.shipFrom, to: route.shipTo })}</p>
            <CustomsFields
              value={customs}
              errors={customsErrors}
              editableItems
              onChange={(next) => {
                // Rates were shopped with the declaration as it was: a change shops again.
                setCustoms(next);
                setRates(null);
              }}
            />
          </fieldset>
        )}
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="form-footer">
          <button type="submit" className="primary" disabled={busy !== null}>
            {busy === 'shop' ? t('app.loading') : t('shippingLabels.shop')}
          </button>
        </div>
      </form>
      {rates && (
        <section className="card" data-testid="rates" aria-live="polite">
          <h2>{t('shippingLabels.rates')}</h2>
          {rates.rates.length === 0 ? (
            <p className="grid-state empty">{t('shippingLabels.noRates')}</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>{t('shippingLabels.service')}</th>
                  <th>{t('shippingLabels.days')}</th>
                  <th className="num">{t('shippingLabels.carrierPrice')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rates.rates.map((r) => (
                  <tr key={r.rateId} data-rate={r.serviceCode}>
                    <td>
                      {r.carrier} · {r.service}{' '}
                      {r.amount === cheapest && <span className="badge">{t('shippingLabels.cheapest')}</span>}{' '}
                      {fastest !== null && r.deliveryDays === fastest && (
                        <span className="badge">{t('shippingLabels.fastest')}</span>
                      )}
                    </td>
                    <td>{r.deliveryDays ?? '–'}</td>
                    <td className="num">{fmt(Math.round(r.amount * 100), r.currency)}</td>
                    <td>
                      <button type="button" className="primary" disabled={busy !== null} onClick={() => void buy(r)}>
                        {busy === r.rateId ? t('app.loading') : t('shippingLabels.buy')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {rates.refused.length > 0 && (
            <ul className="muted">
              {rates.refused.map((r) => (
                <li key={`${r.carrier}-${r.service}`}>
                  {r.carrier} · {r.service}: {r.reason}
                </li>
              ))}
            </ul>
          )}
          {warehouse && companyId && <p className="muted">{t('shippingLabels.upchargeNote')}</p>}
        </section>
      )}
      <h2>{t('shippingLabels.bought_title')}</h2>
      <DataGrid<ShippingLabel>
        id={GRID}
        columns={columns}
        fetchPage={(q) =>
          getAs(`${BASE}/query`, shippingLabelPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q || undefined },
            background: true,
          })
        }
      />
    </div>
  );
}
