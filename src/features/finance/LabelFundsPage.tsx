/**
 * Shipping Label Funds (/apps/finance/customer/balances, spec §2): the client's balance, Add funds
 * by card (the processor's hosted page, then back here with ?transactionId=: CheckoutOutcome says
 * what became of it — received, being confirmed, failed, or expired unpaid), and the statement —
 * deposits, label draws and refunds with the running balance, filtered by type and dates. The
 * warehouse picks the client (?companyId=) and also sees each draw's cost and upcharge.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BALANCE_TYPES,
  balancePageSchema,
  checkoutSchema,
  MIN_DEPOSIT_CENTS,
  type BalanceEntry,
  type BalancePage,
} from '../../../domain/schemas/finance';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { isWarehouseUser, useClientOptions } from '../inbound/purchase-orders/clients';
import { CheckoutOutcome } from './CheckoutOutcome';
import { centsOf, money } from './money';
import { formatDateTime } from '../../../domain/format';
import { DateField } from '../../ui/DateField';

const GRID = 'label-funds';
const PATH = '/apps/finance/customer/balances';

export default function LabelFundsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const search = useSearch({ strict: false }) as {
    companyId?: string | number;
    transactionId?: string | number;
    cancelled?: string | number;
  };
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const clients = useClientOptions();
  const companyId = warehouse ? (search.companyId ? Number(search.companyId) : null) : undefined;
  const [filters, setFilters] = useState({ balanceType: 'ALL', beginDate: '', endDate: '' });
  // The summary has a query of its own: a grid page served from the cache would not refresh it.
  const summaryQuery = useQuery({
    queryKey: [`${GRID}-summary`, companyId ?? 'mine'],
    enabled: companyId !== null,
    queryFn: () =>
      getAs('/api/finance/customer/balances', balancePageSchema, {
        query: { companyId: companyId ?? undefined, pageSize: 5 },
        background: true,
      }),
  });
  const summary: BalancePage | null = summaryQuery.data ?? null;
  const fmt = (cents: number) => money(cents, i18n.language, summary?.currency);

  const pick = (id: string) => void navigate({ to: PATH, search: id ? { companyId: id } : {}, replace: true } as never);

  const columns: ColumnDef<BalanceEntry, unknown>[] = [
    {
      accessorKey: 'transactionId',
      header: '#',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Link to="/apps/finance/transaction/$id" params={{ id: String(getValue()) }}>
          {String(getValue())}
        </Link>
      ),
    },
    {
      accessorKey: 'createdAt',
      header: t('finance.funds.date'),
      enableSorting: false,
      cell: ({ getValue }) => formatDateTime(i18n.language, getValue() as string),
    },
    {
      accessorKey: 'kind',
      header: t('finance.funds.type'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => t(`finance.kinds.${r.kind}`),
    },
    {
      accessorKey: 'labelId',
      header: t('finance.funds.label'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'status',
      header: t('finance.funds.status'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => t(`finance.statuses.${r.status}`),
    },
    ...(warehouse
      ? ([
          {
            accessorKey: 'costCents',
            header: t('finance.funds.cost'),
            enableSorting: false,
            cell: ({ getValue }) => (typeof getValue() === 'number' ? fmt(getValue() as number) : '–'),
          },
          {
            accessorKey: 'upchargeCents',
            header: t('finance.funds.upcharge'),
            enableSorting: false,
            cell: ({ getValue }) => (typeof getValue() === 'number' ? fmt(getValue() as number) : '–'),
          },
        ] as ColumnDef<BalanceEntry, unknown>[])
      : []),
    {
      accessorKey: 'amountCents',
      header: t('finance.funds.amount'),
      enableSorting: false,
      cell: ({ getValue }) => <span className="num">{fmt(getValue() as number)}</span>,
    },
    {
      accessorKey: 'runningBalanceCents',
      header: t('finance.funds.running'),
      enableSorting: false,
      cell: ({ getValue }) => <span className="num">{fmt(getValue() as number)}</span>,
    },
  ];

  return (
    <div className="page" data-testid="label-funds">
      <div className="page-head">
        <h1>{t('finance.funds.title')}</h1>
      </div>
      <p className="muted">{t('finance.funds.intro')}</p>
      {warehouse && (
        <section className="card form">
          <label>
            {t('finance.funds.client')}
            <select name="companyId" value={companyId ?? ''} onChange={(e) => pick(e.target.value)}>
              <option value="">{t('finance.funds.pickClient')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.accountNo ? `${c.accountNo} · ${c.name}` : c.name}
                </option>
              ))}
            </select>
          </label>
        </section>
      )}
      {search.transactionId && (
        <CheckoutOutcome
          id={Number(search.transactionId)}
          cancelled={!!search.cancelled}
          messages="finance.funds.returned"
          testId="deposit-outcome"
          onSettled={() => void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(GRID) })}
        />
      )}
      {companyId === null ? (
        <p className="grid-state empty" data-testid="pick-client">
          {t('finance.funds.pickClientHint')}
        </p>
      ) : (
        <>
          <section className="card" data-testid="funds-summary" aria-live="polite">
            {summary ? (
              <>
                <p>
                  {t('finance.funds.balance')}:{' '}
                  <strong data-testid="funds-balance" className={summary.balanceCents < 0 ? 'form-error' : undefined}>
                    {fmt(summary.balanceCents)}
                  </strong>
                  {warehouse && <span className="muted"> · {summary.companyName}</span>}
                </p>
                {summary.pendingCents > 0 && (
                  <p className="muted" data-testid="funds-pending">
                    {t('finance.funds.pending', { amount: fmt(summary.pendingCents) })}
                  </p>
                )}
                <p className="muted">
                  {summary.enforcePaymentMethod ? t('finance.funds.enforced') : t('finance.funds.notEnforced')}
                </p>
              </>
            ) : summaryQuery.isError ? (
              <p className="form-error" role="alert">
                {t('grid.error')}
              </p>
            ) : (
              <p className="muted">{t('app.loading')}</p>
            )}
          </section>
          <AddFunds companyId={companyId ?? undefined} />
          <DataGrid<BalanceEntry>
            id={`${GRID}-${companyId ?? 'mine'}`}
            columns={columns}
            searchable={false}
            filters={filters}
            onRowOpen={(r) =>
              void navigate({ to: '/apps/finance/transaction/$id', params: { id: String(r.transactionId) } } as never)
            }
            fetchPage={async (q) => {
              const page = await getAs('/api/finance/customer/balances', balancePageSchema, {
                query: {
                  pageNumber: q.pageNumber,
                  pageSize: q.pageSize,
                  companyId: companyId ?? undefined,
                  balanceType: filters.balanceType,
                  beginDate: filters.beginDate || undefined,
                  endDate: filters.endDate || undefined,
                },
                background: true,
              });
              return page;
            }}
            toolbar={
              <>
                <select
                  aria-label={t('finance.funds.type')}
                  value={filters.balanceType}
                  onChange={(e) => setFilters({ ...filters, balanceType: e.target.value })}
                >
                  {BALANCE_TYPES.map((b) => (
                    <option key={b} value={b}>
                      {t(`finance.funds.types.${b}`)}
                    </option>
                  ))}
                </select>
                <label>
                  {t('finance.funds.beginDate')}{' '}
                  <DateField
                    name="beginDate"
                    value={filters.beginDate}
                    onChange={(beginDate) => setFilters({ ...filters, beginDate })}
                  />
                </label>
                <label>
                  {t('finance.funds.endDate')}{' '}
                  <DateField
                    name="endDate"
                    value={filters.endDate}
                    onChange={(endDate) => setFilters({ ...filters, endDate })}
                  />
                </label>
              </>
            }
          />
        </>
      )}
    </div>
  );
}

/** Add funds: the amount, then the processor's hosted card page; it sends the payer back here. */
function AddFunds({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = centsOf(amount);
    if (cents === null) return setError(t('finance.funds.amountInvalid'));
    if (cents < MIN_DEPOSIT_CENTS)
      return setError(t('finance.funds.minimum', { amount: money(MIN_DEPOSIT_CENTS, i18n.language) }));
    setError(null);
    setBusy(true);
    try {
      const back = `${window.location.origin}${PATH}${companyId ? `?companyId=${companyId}` : ''}`;
      const opened = await postAs(
        '/api/finance/customer/balances/deposit',
        { amountCents: cents, returnUrl: back, companyId },
        checkoutSchema,
        { quiet: true, inlineRefusal: true },
      );
      window.location.assign(opened.checkoutUrl);
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };

  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('finance.funds.addFunds')}>
      <h2>{t('finance.funds.addFunds')}</h2>
      <div className="form-row">
        <label>
          {t('finance.funds.amountToAdd')}
          <input
            name="amount"
            inputMode="decimal"
            placeholder="50.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </div>
      <p className="muted">{t('finance.funds.cardHint')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? t('finance.funds.redirecting') : t('finance.funds.payByCard')}
        </button>
      </div>
    </form>
  );
}
