/**
 * Buy bulk shipping (/apps/outbound/fbm-force/buy-bulk-shipping, issue 20 step 6): choose picked or
 * packed orders (by store or pick batch), shop each order's rates side by side with the cheapest
 * and fastest marked, pick a service per order or a preset for all, buy in bulk — a job with a
 * progress bar, one result per order and failures in words — then download the merged label PDF
 * in pick order or send it to the label printer, and void a label within the carrier's window.
 * An international order whose Amazon service (chosen, or the preset's pick) asks for additional
 * seller inputs shows its inputs box in its row; what the user gives goes with the order in the
 * run, or — for an order the run failed for them — in the run's update ("buy the failed ones again").
 * Boxes are set for many orders at once (a preset's size or dimensions, with a weight; or each
 * single-SKU order the box last used for its SKU), and Buy counts only the chosen orders a label can
 * be bought for: every other one says why (no box, an incomplete address, no rate, the carrier's
 * refusal in its words) — issue 38.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { boxPresetSchema } from '../../../domain/schemas/bench';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { choose } from '../../../domain/rules/fbm-labels';
import {
  bulkBoxesResultSchema,
  bulkOrderRowSchema,
  labelRunSchema,
  orderLabelSchema,
  orderRatesSchema,
  sellerInputValuesSchema,
  type BulkOrderRow,
  type LabelRun,
  type OrderLabel,
  type OrderRates,
  type SellerInputValues,
  type ServicePreset,
} from '../../../domain/schemas/fbm-labels';
import { pickBatchSchema } from '../../../domain/schemas/fbm-pick';
import { storeRowSchema } from '../../../domain/schemas/stores';
import { LABEL_FORMATS, type LabelFormat } from '../../../domain/schemas/shipping-labels';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { useSessionDraft } from '../../ui/session-draft';
import { money } from '../finance/money';
import { AmazonSellerInputs } from './AmazonSellerInputs';
import { BulkRunPanel } from './BulkRunPanel';
import { downloadMerged, printMerged } from './labels-file';
import './fbm-labels.css';

const F = '/api/fbm/web';
const shopAnswerSchema = z.array(z.union([orderRatesSchema, z.object({ orderId: z.number(), error: z.string() })]));
const batchesSchema = z.object({ content: z.array(pickBatchSchema) });
/** cheapest, fastest, or one carrier's service (`carrierCode|serviceCode`) for every order. */
type Preset = string;
const presetBody = (p: string): ServicePreset => {
  if (p === 'cheapest' || p === 'fastest') return { kind: p };
  const [carrierCode, serviceCode] = p.split('|');
  return { kind: 'service', carrierCode, serviceCode };
};
const DRAFT = 'fbm-bulk-labels';
const sizeText = (b: { lengthIn: number; widthIn: number; heightIn: number; weightLb: number }) =>
  `${b.lengthIn}×${b.widthIn}×${b.heightIn} in, ${b.weightLb} lb`;
const newKey = () => `bulk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export default function BuyBulkShippingPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  // What the desk chose, the run it started and the inputs it typed outlive a reload of the tab;
  // shopped rates do not (they are quotes of the moment: shop again).
  const [batchId, setBatchId] = useSessionDraft(`${DRAFT}.batchId`, z.string(), '');
  const [storeId, setStoreId] = useSessionDraft(`${DRAFT}.storeId`, z.string(), '');
  const [selectedIds, setSelectedIds] = useSessionDraft(`${DRAFT}.selected`, z.array(z.number().int()), []);
  const [shop, setShop] = useState<Map<number, OrderRates | { orderId: number; error: string }>>(new Map());
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [preset, setPreset] = useSessionDraft<Preset>(`${DRAFT}.preset`, z.string(), 'cheapest');
  const [format, setFormat] = useSessionDraft<LabelFormat>(`${DRAFT}.format`, z.enum(LABEL_FORMATS), 'pdf');
  const [busy, setBusy] = useState<string | null>(null);
  /** The box to set on the chosen orders: a preset's name ('' for dimensions typed), its size and weight. */
  const [boxPreset, setBoxPreset] = useSessionDraft(`${DRAFT}.boxPreset`, z.string(), '');
  const [boxDims, setBoxDims] = useSessionDraft(
    `${DRAFT}.boxDims`,
    z.object({ lengthIn: z.string(), widthIn: z.string(), heightIn: z.string(), weightLb: z.string() }),
    { lengthIn: '', widthIn: '', heightIn: '', weightLb: '' },
  );
  const [boxNote, setBoxNote] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [runId, setRunId] = useSessionDraft(`${DRAFT}.runId`, z.number().int().nullable(), null);
  // Kept too: a reload while a purchase was on its way buys nothing twice when Buy is pressed again.
  const [requestKey, setRequestKey] = useSessionDraft(`${DRAFT}.requestKey`, z.string(), newKey());
  /** Amazon's additional seller inputs the user gave, by order id. */
  const [inputs, setInputs] = useSessionDraft<Record<string, SellerInputValues>>(
    `${DRAFT}.inputs`,
    z.record(z.string(), sellerInputValuesSchema),
    {},
  );
  const giveInputs = (orderId: number, given: SellerInputValues) =>
    setInputs((all) => ({ ...all, [String(orderId)]: given }));
  /**
   * The inputs given for these orders, each with the Amazon rate they were given for where no rate
   * is chosen (so the run buys that service, not another the preset might pick at run time).
   */
  const withInputs = (
    orderIds: number[],
    rates: Record<string, string>,
    rateFor: (orderId: number) => string | null,
  ) => {
    const sellerInputs: Record<string, SellerInputValues> = {};
    const pinned = { ...rates };
    for (const orderId of orderIds) {
      const given = inputs[String(orderId)];
      if (!given || !Object.values(given).some((v) => v.trim())) continue;
      sellerInputs[String(orderId)] = given;
      const rate = pinned[String(orderId)] ?? rateFor(orderId);
      if (rate) pinned[String(orderId)] = rate;
    }
    return { sellerInputs, rates: pinned };
  };
  const fmt = (cents: number | null, currency = 'USD') =>
    cents === null ? '–' : money(cents, i18n.language, currency);

  const presets = useQuery({
    queryKey: ['fbm-bulk-box-presets'],
    queryFn: () => getAs(`${F}/bulk/box/presets`, z.array(boxPresetSchema), { background: true }),
  });
  const batches = useQuery({
    queryKey: ['fbm-pick-batches-all'],
    queryFn: () => getAs(`${F}/pick/batch?pageSize=100`, batchesSchema, { background: true }),
  });
  const stores = useQuery({
    queryKey: ['stores-for-bulk-labels'],
    queryFn: () => getAs('/api/common/stores', z.array(storeRowSchema), { background: true }),
  });
  const filter = new URLSearchParams({ ...(batchId ? { batchId } : {}), ...(storeId ? { storeId } : {}) }).toString();
  const orders = useQuery({
    queryKey: ['fbm-bulk-orders', filter],
    queryFn: () =>
      getAs(`${F}/bulk/order/items${filter ? `?${filter}` : ''}`, z.array(bulkOrderRowSchema), { background: true }),
  });
  const run = useQuery({
    queryKey: ['fbm-label-run', runId],
    enabled: runId !== null,
    queryFn: () => getAs(`${F}/bulk/shipping/${runId}`, labelRunSchema, { background: true }),
    refetchInterval: (q) => (q.state.data?.status === 'done' ? false : 500),
  });
  useEffect(() => {
    if (run.data?.status === 'done') void qc.invalidateQueries({ queryKey: ['fbm-bulk-orders'] });
  }, [run.data?.status, qc]);

  const rows = orders.data ?? [];
  // Only the orders on the screen are bought: a kept selection may name one shipped or filtered away since.
  const selected = useMemo(
    () => new Set((orders.data ?? []).filter((o) => selectedIds.includes(o.orderId)).map((o) => o.orderId)),
    [orders.data, selectedIds],
  );
  const toggle = (id: number) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.orderId));

  /** Why no label can be bought for the order now, in words (empty: it can be). */
  const whyNot = (row: BulkOrderRow): string[] => {
    const why = row.blockers.map((b) => t(`fbmLabels.bulk.why.${b.code}`, { detail: b.detail ?? '' }));
    const s = shop.get(row.orderId);
    if (s && 'error' in s) why.push(t('fbmLabels.bulk.why.shopFailed', { detail: s.error }));
    else if (s && !s.rates.length)
      why.push(
        s.refused.length
          ? t('fbmLabels.bulk.why.refused', {
              detail: s.refused.map((x) => `${x.carrier} ${x.service}: ${x.reason}`).join('; '),
            })
          : t('fbmLabels.bulk.why.noRate'),
      );
    return why;
  };
  const buyable = rows.filter((r) => selected.has(r.orderId) && whyNot(r).length === 0).map((r) => r.orderId);
  const numbers = (v: string) => Number(v.replace(',', '.'));
  const typedBox = {
    lengthIn: numbers(boxDims.lengthIn),
    widthIn: numbers(boxDims.widthIn),
    heightIn: numbers(boxDims.heightIn),
    weightLb: numbers(boxDims.weightLb),
  };
  const boxReady = Object.values(typedBox).every((n) => Number.isFinite(n) && n > 0);
  const choosePreset = (name: string) => {
    setBoxPreset(name);
    const p = presets.data?.find((x) => x.name === name);
    if (p)
      setBoxDims((d) => ({
        ...d,
        lengthIn: String(p.lengthIn),
        widthIn: String(p.widthIn),
        heightIn: String(p.heightIn),
        weightLb: d.weightLb || (p.tareLb ? String(p.tareLb) : ''),
      }));
  };
  /** Sets the box on every chosen order (typed), or each its SKU's remembered box (remembered). */
  const setBoxes = async (remembered: boolean) => {
    setBusy('boxes');
    setError(null);
    setBoxNote([]);
    try {
      const r = await postAs(
        `${F}/bulk/boxes`,
        { orderIds: [...selected], ...(remembered ? {} : { dimensions: typedBox }) },
        bulkBoxesResultSchema,
        { quiet: true, inlineRefusal: true },
      );
      setBoxNote([
        t('fbmLabels.bulk.box.done', { count: r.updated.length }),
        ...r.skipped.map((x) => t('fbmLabels.bulk.box.skipped', { order: x.marketplaceOrderId, reason: x.reason })),
      ]);
      // New boxes are quoted anew: the rates shopped for the old ones are gone.
      setShop((m) => {
        const next = new Map(m);
        for (const u of r.updated) next.delete(u.orderId);
        return next;
      });
      await qc.invalidateQueries({ queryKey: ['fbm-bulk-orders'] });
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const shopRates = async () => {
    setBusy('shop');
    setError(null);
    try {
      const answer = await postAs(`${F}/label/psh/rates`, { orderIds: [...selected] }, shopAnswerSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setShop(new Map(answer.map((a) => [a.orderId, a])));
      setChosen({});
      setRequestKey(newKey());
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const buy = async () => {
    setBusy('buy');
    setError(null);
    try {
      const r = await postAs(
        `${F}/bulk/shipping`,
        {
          requestKey,
          orderIds: buyable,
          preset: presetBody(preset),
          format,
          ...withInputs(buyable, chosen, amazonPick),
        },
        labelRunSchema,
        { quiet: true, inlineRefusal: true },
      );
      setRunId(r.id);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const voidLabel = async (label: OrderLabel) => {
    if (!window.confirm(t('fbmLabels.bulk.voidConfirm', { tracking: label.trackingNumber ?? label.id }))) return;
    try {
      await delAs(`${F}/label/${label.id}`, orderLabelSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('fbmLabels.bulk.voided'));
      void qc.invalidateQueries({ queryKey: ['fbm-bulk-orders'] });
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
  };

  /** The finished run's failed orders bought again with the choices now on the page (spec /bulk/shipping update). */
  const buyFailedAgain = async (r: LabelRun, leaveOut: number[]) => {
    setBusy('again');
    setError(null);
    try {
      const failed = r.results.filter((x) => x.state === 'failed' && !leaveOut.includes(x.orderId));
      const rates = Object.fromEntries(
        failed.filter((x) => chosen[String(x.orderId)]).map((x) => [String(x.orderId), chosen[String(x.orderId)]]),
      );
      const updated = await putAs(
        `${F}/bulk/shipping/${r.id}`,
        {
          preset: presetBody(preset),
          format,
          dropOrderIds: leaveOut,
          ...withInputs(
            failed.map((x) => x.orderId),
            rates,
            (orderId) => failed.find((x) => x.orderId === orderId)?.needsInputs?.rateId ?? amazonPick(orderId),
          ),
        },
        labelRunSchema,
        { quiet: true, inlineRefusal: true },
      );
      qc.setQueryData(['fbm-label-run', r.id], updated);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const print = async (r: LabelRun) => {
    setBusy('print');
    try {
      const result = await printMerged(r.id, r.format);
      if (result.ok) toast('success', t('fbmLabels.bulk.printed'));
      else toast('error', result.error);
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const r = run.data;
  /** The Amazon rate an order would be bought with: the one chosen, else the preset's pick; null when not Amazon's (or not shopped). */
  function amazonPick(orderId: number): string | null {
    const s = shop.get(orderId);
    if (!s || 'error' in s) return null;
    const id = chosen[String(orderId)];
    const picked = choose(s.rates, presetBody(preset));
    const going = id ? s.rates.find((q) => q.rateId === id) : 'quote' in picked ? picked.quote : undefined;
    return going?.provider === 'amazon' ? going.rateId : null;
  }
  const results = useMemo(() => new Map((r?.results ?? []).map((x) => [x.orderId, x])), [r]);
  const pending = r && r.status !== 'done';
  function rateText(q: OrderRates['rates'][number] | undefined) {
    if (!q) return undefined;
    return `${q.provider !== 'shipengine' ? `${t(`fbmLabels.bulk.providers.${q.provider}`)} · ` : ''}${q.carrier} · ${q.service} · ${fmt(q.totalCents, q.currency)}${q.cost ? ` (${fmt(q.cost.costCents, q.currency)} + ${fmt(q.cost.upchargeCents, q.currency)})` : ''}${q.deliveryDays !== null ? ` · ${t('fbmLabels.bulk.days', { count: q.deliveryDays })}` : ''}${q.cheapest ? ` · ${t('fbmLabels.bulk.cheapest')}` : ''}${q.fastest ? ` · ${t('fbmLabels.bulk.fastest')}` : ''}`;
  }
  const rateSelect = (row: BulkOrderRow) => {
    const s = shop.get(row.orderId);
    if (!s) return <span className="muted">–</span>;
    if ('error' in s) return <span className="muted">–</span>;
    if (!s.rates.length) return <span className="muted">{t('fbmLabels.bulk.noRates')}</span>;
    // A provider that gave no quotes at all (Amazon down, customs not declared yet) is said beside the rest.
    const warnings = s.refused.filter((x) => x.carrier === 'all').map((x) => x.reason);
    // Its Amazon service asks for inputs when the order leaves the country; once a finished run
    // failed the order for them, the run's panel asks instead (with the rate the run used).
    const res = results.get(row.orderId);
    const inputsRate =
      row.international &&
      res?.state !== 'bought' &&
      res?.state !== 'already' &&
      !(r?.status === 'done' && res?.needsInputs)
        ? amazonPick(row.orderId)
        : null;
    return (
      <>
        <select
          aria-label={t('fbmLabels.bulk.service')}
          title={rateText(s.rates.find((q) => q.rateId === chosen[String(row.orderId)])) ?? presetName}
          value={chosen[String(row.orderId)] ?? ''}
          onChange={(e) => setChosen({ ...chosen, [String(row.orderId)]: e.target.value })}
          data-testid={`rate-${row.marketplaceOrderId}`}
        >
          <option value="">{presetName}</option>
          {s.rates.map((q) => (
            <option key={q.rateId} value={q.rateId} title={rateText(q)}>
              {rateText(q)}
            </option>
          ))}
        </select>
        {inputsRate && (
          <AmazonSellerInputs
            orderId={row.orderId}
            rateId={inputsRate}
            given={inputs[String(row.orderId)] ?? {}}
            onGiven={(given) => giveInputs(row.orderId, given)}
          />
        )}
        {warnings.length > 0 && (
          <div className="muted" role="status" data-testid={`rate-warning-${row.marketplaceOrderId}`}>
            {warnings.join('; ')}
          </div>
        )}
      </>
    );
  };

  // Services every shopped order is offered: a preset for all of them.
  const services = useMemo(() => {
    const shopped = [...shop.values()].filter((x): x is OrderRates => !('error' in x) && x.rates.length > 0);
    if (!shopped.length) return [];
    const [first, ...rest] = shopped;
    return first.rates
      .filter((q) =>
        rest.every((o) => o.rates.some((r) => r.carrierCode === q.carrierCode && r.serviceCode === q.serviceCode)),
      )
      .map((q) => ({ value: `${q.carrierCode}|${q.serviceCode}`, name: `${q.carrier} · ${q.service}` }));
  }, [shop]);
  const presetName =
    preset === 'cheapest' || preset === 'fastest'
      ? t(`fbmLabels.bulk.preset.${preset}`)
      : (services.find((x) => x.value === preset)?.name ?? preset);

  return (
    <div className="page bulk-labels" data-testid="buy-bulk-shipping">
      <div className="page-head">
        <h1>{t('fbmLabels.bulk.title')}</h1>
      </div>
      <p className="muted">{t('fbmLabels.bulk.intro')}</p>
      <div className="card form-row">
        <label>
          {t('fbmLabels.bulk.store')}
          <select value={storeId} onChange={(e) => setStoreId(e.target.value)} data-testid="bulk-store">
            <option value="">{t('fbmLabels.bulk.allStores')}</option>
            {(stores.data ?? []).map((st) => (
              <option key={st.id} value={st.id}>
                {`${st.companyName} · ${st.name}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('fbmLabels.bulk.batch')}
          <select value={batchId} onChange={(e) => setBatchId(e.target.value)} data-testid="bulk-batch">
            <option value="">{t('fbmLabels.bulk.allOrders')}</option>
            {(batches.data?.content ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.number}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('fbmLabels.bulk.presetLabel')}
          <select value={preset} onChange={(e) => setPreset(e.target.value as Preset)} data-testid="bulk-preset">
            <option value="cheapest">{t('fbmLabels.bulk.preset.cheapest')}</option>
            <option value="fastest">{t('fbmLabels.bulk.preset.fastest')}</option>
            {services.map((x) => (
              <option key={x.value} value={x.value}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('fbmLabels.bulk.format')}
          <select value={format} onChange={(e) => setFormat(e.target.value as LabelFormat)}>
            {LABEL_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn"
          disabled={!selected.size || busy !== null}
          onClick={() => void shopRates()}
        >
          {t('fbmLabels.bulk.shop')}
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={!buyable.length || busy !== null || !!pending}
          onClick={() => void buy()}
          data-testid="bulk-buy"
        >
          {t('fbmLabels.bulk.buy', { count: buyable.length })}
        </button>
      </div>
      {selected.size > buyable.length && (
        <p className="muted" role="status" data-testid="bulk-buyable">
          {t('fbmLabels.bulk.buyable', { count: buyable.length, selected: selected.size })}
        </p>
      )}
      <fieldset className="card form-row bulk-box-row" data-testid="bulk-box">
        <legend>{t('fbmLabels.bulk.box.title')}</legend>
        <label>
          {t('fbmLabels.bulk.box.preset')}
          <select value={boxPreset} onChange={(e) => choosePreset(e.target.value)} data-testid="bulk-box-preset">
            <option value="">{t('fbmLabels.bulk.box.custom')}</option>
            {(presets.data ?? []).map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {(['lengthIn', 'widthIn', 'heightIn', 'weightLb'] as const).map((k) => (
          <label key={k}>
            {t(`fbmLabels.bulk.box.${k}`)}
            <input
              inputMode="decimal"
              value={boxDims[k]}
              onChange={(e) => setBoxDims((d) => ({ ...d, [k]: e.target.value }))}
              data-testid={`bulk-box-${k}`}
            />
          </label>
        ))}
        <button
          type="button"
          className="btn"
          disabled={!selected.size || !boxReady || busy !== null}
          onClick={() => void setBoxes(false)}
          data-testid="bulk-box-apply"
        >
          {t('fbmLabels.bulk.box.apply', { count: selected.size })}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!selected.size || busy !== null}
          onClick={() => void setBoxes(true)}
          data-testid="bulk-box-remembered"
        >
          {t('fbmLabels.bulk.box.remembered')}
        </button>
      </fieldset>
      {boxNote.length > 0 && (
        <ul className="muted bulk-why" role="status" data-testid="bulk-box-note">
          {boxNote.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {r && (
        <BulkRunPanel
          run={r}
          busy={busy !== null}
          onDownload={() => void downloadMerged(r.id)}
          onPrint={() => void print(r)}
          onBuyAgain={(leaveOut) => void buyFailedAgain(r, leaveOut)}
          inputs={inputs}
          onInputs={giveInputs}
        />
      )}
      {orders.isError ? (
        <p className="form-error" role="alert">
          {t('fbmLabels.bulk.loadError')}
        </p>
      ) : !orders.data ? (
        <p className="muted">{t('app.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="grid-state empty">{t('fbmLabels.bulk.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="bulk-orders">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={t('fbmLabels.bulk.selectAll')}
                    checked={allSelected}
                    onChange={() => setSelectedIds(allSelected ? [] : rows.map((x) => x.orderId))}
                  />
                </th>
                <th>{t('fbmLabels.bulk.order')}</th>
                <th>{t('fbmLabels.bulk.client')}</th>
                <th>{t('fbmLabels.bulk.batch')}</th>
                <th className="num">{t('fbmLabels.bulk.units')}</th>
                <th>{t('fbmLabels.bulk.shipTo')}</th>
                <th>{t('fbmLabels.bulk.box.column')}</th>
                <th>{t('fbmLabels.bulk.service')}</th>
                <th>{t('fbmLabels.bulk.result')}</th>
                <th>{t('fbmLabels.bulk.labels')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const res = results.get(row.orderId);
                const why = whyNot(row);
                return (
                  <tr key={row.orderId} data-testid={`bulk-order-${row.marketplaceOrderId}`}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={row.marketplaceOrderId}
                        checked={selected.has(row.orderId)}
                        onChange={() => toggle(row.orderId)}
                      />
                    </td>
                    <td>
                      {row.marketplaceOrderId} <span className="muted">{row.storeName}</span>
                    </td>
                    <td>{row.companyName}</td>
                    <td>{row.batchNumber ?? '–'}</td>
                    <td className="num">{row.units}</td>
                    <td>
                      {row.shipTo}{' '}
                      {row.international && <span className="badge">{t('fbmLabels.bulk.international')}</span>}
                    </td>
                    <td>
                      {row.box ? (
                        sizeText(row.box)
                      ) : row.boxes > 1 ? (
                        t('fbmLabels.bulk.box.several', { count: row.boxes })
                      ) : (
                        <span className="muted">{t('fbmLabels.bulk.box.none')}</span>
                      )}
                      {row.suggestedBox && !row.box && (
                        <div className="muted" data-testid={`box-suggested-${row.marketplaceOrderId}`}>
                          {t('fbmLabels.bulk.box.suggested', {
                            sku: row.suggestedBox.sku,
                            size: sizeText(row.suggestedBox),
                          })}
                        </div>
                      )}
                    </td>
                    <td className="bulk-rate">{rateSelect(row)}</td>
                    <td>
                      {res ? (
                        res.state === 'failed' ? (
                          <span className="form-error">{res.error}</span>
                        ) : (
                          t(`fbmLabels.bulk.states.${res.state}`)
                        )
                      ) : why.length ? (
                        <ul className="form-error bulk-why" data-testid={`why-${row.marketplaceOrderId}`}>
                          {why.map((w) => (
                            <li key={w}>{w}</li>
                          ))}
                        </ul>
                      ) : (
                        '–'
                      )}
                    </td>
                    <td>
                      {row.labels.map((l) => (
                        <div
                          key={l.id}
                          data-testid="bulk-label"
                          data-status={l.status}
                          data-carrier={l.carrier}
                          data-tracking={l.trackingNumber ?? ''}
                        >
                          {`${l.carrier} ${l.trackingNumber ?? ''}`}{' '}
                          <span className={`badge label-status-${l.status}`}>
                            {t(`fbmLabels.bulk.labelStatus.${l.status}`)}
                          </span>{' '}
                          {l.status === 'bought' && (
                            <button type="button" className="danger" onClick={() => void voidLabel(l)}>
                              {t('fbmLabels.bulk.void')}
                            </button>
                          )}
                        </div>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
