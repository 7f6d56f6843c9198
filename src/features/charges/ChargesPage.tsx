/**
 * Charges (/apps/finance/customer/charges; spec §2 Charges): every priced line of the ledger —
 * what the work was, how much, at what price and why (the plan, the client's fee, the warehouse's
 * fee, "no price set") — filtered by client, category, days and invoiced or not, with the total of
 * everything matching. A client sees its own lines; the warehouse all, adds manual lines and
 * credits, and prices the floor's recorded work without waiting for it to be priced on its own.
 * Recorded work is priced within seconds of the work; until then "N events waiting to be priced"
 * says so (the client its own), and the table refreshes as they are priced.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CHARGE_CATEGORIES } from '../../../domain/billing/charge-codes';
import {
  CHARGE_INVOICED_FILTERS,
  chargePageSchema,
  chargesWaitingSchema,
  manualChargeInputSchema,
  type Charge,
} from '../../../domain/schemas/charges';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { useChargeCodeName } from './code-names';
import './charges.css';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

const GRID = 'customer-charges';
const WAITING = ['charges-waiting'];
/** Older lines were described by the raw event kind ("unit_sorted"): the code's name says it. */
const RAW_EVENT_KIND = /^[a-z]+(_[a-z]+)+$/;
const today = () => new Date().toISOString().slice(0, 10);

export default function ChargesPage() {
  const { t } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const clients = useClientOptions();
  // Opened from the reconciliation (or a cost group): its client and days as the first filters.
  const search = useSearch({ strict: false }) as { companyId?: string; from?: string; to?: string };
  const [f, setF] = useState({
    companyId: search.companyId ? String(search.companyId) : '',
    category: '',
    from: search.from ?? '',
    to: search.to ?? '',
    invoiced: 'all',
  });
  const [total, setTotal] = useState<{ cents: number; currency: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const fmt = useFormat();
  const money = fmt.money;
  const codeName = useChargeCodeName();

  const columns: ColumnDef<Charge, unknown>[] = [
    {
      accessorKey: 'serviceDate',
      header: t('charges.day'),
      enableSorting: false,
      cell: ({ getValue }) => fmt.day(getValue() as string),
    },
    ...(warehouse
      ? [
          {
            accessorKey: 'companyName',
            header: t('charges.client'),
            enableSorting: false,
            cell: ({ row: { original: r } }) => (
              <span className="charge-client">
                {r.accountNo} · {r.companyName}
              </span>
            ),
          } satisfies ColumnDef<Charge, unknown>,
        ]
      : []),
    {
      accessorKey: 'code',
      header: t('charges.what'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span className="charge-what">
          <strong>{codeName(r.code)}</strong>
          {r.description && !RAW_EVENT_KIND.test(r.description) && <span className="muted"> · {r.description}</span>}
        </span>
      ),
    },
    {
      accessorKey: 'category',
      header: t('charges.category'),
      enableSorting: false,
      cell: ({ getValue }) => t(`charges.categories.${getValue() as string}`),
    },
    {
      accessorKey: 'quantity',
      header: t('charges.quantity'),
      enableSorting: false,
      cell: ({ getValue }) => fmt.number(getValue() as string | number, { maxDecimals: 4 }),
    },
    {
      accessorKey: 'unitPrice',
      header: t('charges.unitPrice'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => fmt.price(r.unitPrice, r.currency),
    },
    {
      accessorKey: 'amountCents',
      header: t('charges.amount'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => money(r.amountCents, r.currency),
    },
    {
      accessorKey: 'rule',
      header: t('charges.why'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span className={r.rule.source === 'unpriced' ? 'badge warn' : undefined} title={r.rule.note}>
          {t(`charges.rules.${r.rule.source}`, { plan: r.rule.planName ?? '' })}
        </span>
      ),
    },
    {
      accessorKey: 'invoiceId',
      header: t('charges.invoice'),
      enableSorting: false,
      cell: ({ getValue }) => {
        const id = getValue() as number | null;
        return id ? <Link to={`/apps/invoice/detail/${id}`}>#{id}</Link> : t('charges.notInvoiced');
      },
    },
  ];

  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('charges.title')}</h1>
        {warehouse && (
          <div className="button-row">
            <PriceNowButton />
            <button type="button" className="btn primary" onClick={() => setAdding(!adding)} aria-expanded={adding}>
              {t('charges.addManual')}
            </button>
          </div>
        )}
      </div>
      <p className="muted">{t(warehouse ? 'charges.introWarehouse' : 'charges.introClient')}</p>
      <WaitingHint />
      {warehouse && adding && <ManualChargeForm onDone={() => setAdding(false)} />}
      <DataGrid<Charge>
        id={GRID}
        columns={columns}
        searchable={false}
        filters={f}
        fetchPage={async (q) => {
          const page = await getAs('/api/finance/customer/charges', chargePageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              companyId: f.companyId || undefined,
              category: f.category || undefined,
              from: f.from || undefined,
              to: f.to || undefined,
              invoiced: f.invoiced,
            },
            background: true,
          });
          setTotal({ cents: page.totalCents, currency: page.content[0]?.currency ?? 'USD' });
          return page;
        }}
        toolbar={
          <div className="charges-filters" role="group" aria-label={t('charges.filters')}>
            {warehouse && (
              <select aria-label={t('charges.client')} value={f.companyId} onChange={set('companyId')}>
                <option value="">{t('charges.allClients')}</option>
                {(clients.data ?? []).map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.accountNo} · {c.name}
                  </option>
                ))}
              </select>
            )}
            <select aria-label={t('charges.category')} value={f.category} onChange={set('category')}>
              <option value="">{t('charges.allCategories')}</option>
              {CHARGE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`charges.categories.${c}`)}
                </option>
              ))}
            </select>
            <label>
              {t('charges.from')}
              <DateField name="from" value={f.from} onChange={(from) => setF({ ...f, from })} />
            </label>
            <label>
              {t('charges.to')}
              <DateField name="to" value={f.to} onChange={(to) => setF({ ...f, to })} />
            </label>
            <select aria-label={t('charges.invoicedFilter')} value={f.invoiced} onChange={set('invoiced')}>
              {CHARGE_INVOICED_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {t(`charges.invoiced_${v}`)}
                </option>
              ))}
            </select>
            {total && (
              <strong className="charges-total" data-testid="charges-total">
                {t('charges.total')}: {money(total.cents, total.currency)}
              </strong>
            )}
          </div>
        }
      />
    </div>
  );
}

/**
 * "N events waiting to be priced" while recorded work has no line yet, with the button for those
 * who may price; nothing at 0. Asked again every few seconds while something waits (it is priced
 * on its own within seconds), and the table is refreshed as the count goes down.
 */
function WaitingHint() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const waiting = useQuery({
    queryKey: WAITING,
    queryFn: () => getAs('/api/finance/customer/charges/waiting', chargesWaitingSchema, { background: true }),
    refetchInterval: (q) => (q.state.data?.waiting ? 3_000 : 30_000),
  });
  const n = waiting.data?.waiting ?? 0;
  const last = useRef(n);
  useEffect(() => {
    if (n < last.current) void qc.invalidateQueries({ queryKey: [GRID] });
    last.current = n;
  }, [n, qc]);
  if (!n) return null;
  return (
    <div className="notice charges-waiting" role="status" data-testid="charges-waiting" data-count={n}>
      <span>{t('charges.waiting', { count: n })}</span>
      {waiting.data?.canPrice && <PriceNowButton label={t('charges.priceWaitingNow')} />}
    </div>
  );
}

function PriceNowButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await postAs('/api/finance/customer/charges/price', {}, z.object({ written: z.number() }), {
        quiet: true,
      });
      toast('success', t('charges.priced', { count: r.written }));
      void qc.invalidateQueries({ queryKey: [GRID] });
      void qc.invalidateQueries({ queryKey: WAITING });
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
      {label ?? t('charges.priceNow')}
    </button>
  );
}

function ManualChargeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const clients = useClientOptions();
  const [v, setV] = useState({ companyId: '', description: '', quantity: '1', unitPrice: '', serviceDate: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = manualChargeInputSchema.safeParse({
      ...v,
      companyId: v.companyId ? Number(v.companyId) : undefined,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      await postAs(
        '/api/finance/customer/charges',
        parsed.data,
        z.object({ id: z.number(), amountCents: z.number() }),
        {
          quiet: true,
          inlineRefusal: true,
        },
      );
      toast('success', t('charges.added'));
      void qc.invalidateQueries({ queryKey: [GRID] });
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const field = (name: 'description' | 'quantity' | 'unitPrice', extra: Record<string, unknown> = {}) => (
    <label>
      {t(`charges.manual.${name}`)}
      <input name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...extra} />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );
  return (
    <form className="card form" noValidate aria-label={t('charges.addManual')} onSubmit={(e) => void submit(e)}>
      <h2>{t('charges.addManual')}</h2>
      <p className="muted">{t('charges.manual.hint')}</p>
      <div className="form-row">
        <label>
          {t('charges.client')}
          <select name="companyId" value={v.companyId} onChange={(e) => setV({ ...v, companyId: e.target.value })}>
            <option value="">{t('charges.manual.chooseClient')}</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.accountNo} · {c.name}
              </option>
            ))}
          </select>
          {errors.companyId && <span className="form-error">{t('charges.manual.clientRequired')}</span>}
        </label>
        {field('description')}
      </div>
      <div className="form-row">
        {field('quantity', { inputMode: 'decimal' })}
        {field('unitPrice', { inputMode: 'decimal', placeholder: '0.00' })}
        <label>
          {t('charges.manual.serviceDate')}
          <DateField name="serviceDate" value={v.serviceDate} onChange={(serviceDate) => setV({ ...v, serviceDate })} />
          {errors.serviceDate && <span className="form-error">{errors.serviceDate}</span>}
        </label>
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {t('charges.manual.save')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('charges.manual.cancel')}
        </button>
      </div>
    </form>
  );
}
