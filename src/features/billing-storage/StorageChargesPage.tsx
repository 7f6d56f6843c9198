/**
 * Storage charges (/apps/finance/customer/storage-charges, issue 21): the daily storage lines per
 * day and product — volume, units, chargeable units, price, amount and the price's rule, adjusting
 * lines marked — filtered by days (and client, for the warehouse). A client sees its own company's
 * lines (the server scopes them). The warehouse also sees the products left uncharged for want of
 * dimensions, per day run, and re-runs a day (lines already there are never charged twice).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  storageChargePageSchema,
  storageRunPageSchema,
  storageRunResultSchema,
  type StorageCharge as Row,
} from '../../../domain/schemas/storage-charges';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { useFeedback } from '../../ui/feedback-store';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

const GRID = 'storage-charges';
const RUNS = 'storage-runs';
const PATH = '/api/finance/customer/storage-charges';

const yesterday = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

export default function StorageChargesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const money = f.money;
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const clients = useClientOptions();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [total, setTotal] = useState<{ cents: number; currency: string } | null>(null);

  const unitLabel = (unit: Row['unit']) => t(`storageCharges.units.${unit}`);
  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'day',
      header: t('storageCharges.day'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string),
    },
    ...(warehouse
      ? [
          {
            accessorKey: 'companyName',
            header: t('storageCharges.client'),
            enableSorting: false,
          } satisfies ColumnDef<Row, unknown>,
        ]
      : []),
    {
      id: 'product',
      header: t('storageCharges.product'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span>
          {r.title ?? '–'} <span className="muted">{r.productKey}</span>
        </span>
      ),
    },
    {
      accessorKey: 'units',
      header: t('storageCharges.unitsHeld'),
      enableSorting: false,
      cell: ({ getValue }) => f.number(getValue() as number),
    },
    {
      accessorKey: 'chargeableUnits',
      header: t('storageCharges.chargeableUnits'),
      enableSorting: false,
      cell: ({ getValue }) => f.number(getValue() as number),
    },
    {
      accessorKey: 'volumePerUnit',
      header: t('storageCharges.volumePerUnit'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.volumePerUnit ? `${f.number(r.volumePerUnit, { maxDecimals: 4 })} ${unitLabel(r.unit)}` : '–',
    },
    {
      accessorKey: 'quantity',
      header: t('storageCharges.volume'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => `${f.number(r.quantity, { maxDecimals: 4 })} ${unitLabel(r.unit)}`,
    },
    {
      accessorKey: 'unitPrice',
      header: t('storageCharges.price'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        t('storageCharges.pricePer', { price: f.price(r.unitPrice, r.currency), unit: unitLabel(r.unit) }),
    },
    {
      accessorKey: 'amountCents',
      header: t('storageCharges.amount'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => money(r.amountCents, r.currency),
    },
    {
      id: 'rule',
      header: t('storageCharges.rule'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span>
          {r.kind === 'adjustment' && (
            <span className="badge" data-testid="adjustment-badge">
              {t('storageCharges.adjustment')}
            </span>
          )}{' '}
          {t(`storageCharges.rules.${r.rule.source}`)}
          {r.rule.planName ? ` · ${r.rule.planName}` : ''}
        </span>
      ),
    },
  ];

  return (
    <div className="page" data-testid="storage-charges">
      <div className="page-head">
        <h1>{t('storageCharges.title')}</h1>
      </div>
      <p className="muted">{t('storageCharges.intro')}</p>
      {warehouse && <RerunDay />}
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        searchable={false}
        filters={{ from, to, companyId }}
        toolbar={
          <>
            <label>
              {t('storageCharges.from')}
              <DateField name="from" value={from} max={to || undefined} onChange={setFrom} />
            </label>
            <label>
              {t('storageCharges.to')}
              <DateField name="to" value={to} min={from || undefined} onChange={setTo} />
            </label>
            {warehouse && (
              <select
                name="companyId"
                aria-label={t('storageCharges.client')}
                value={companyId}
                onChange={(e) => setCompanyId(e.target.value)}
              >
                <option value="">{t('storageCharges.allClients')}</option>
                {(clients.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
            {total && (
              <strong data-testid="storage-total">
                {t('storageCharges.total')}: {money(total.cents, total.currency)}
              </strong>
            )}
          </>
        }
        fetchPage={async (q) => {
          const page = await getAs(PATH, storageChargePageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              from: from || undefined,
              to: to || undefined,
              companyId: companyId || undefined,
            },
            background: true,
          });
          setTotal(page.content.length ? { cents: page.totalCents, currency: page.content[0].currency } : null);
          return page;
        }}
      />
      {warehouse && <MissingDimensions from={from} to={to} />}
    </div>
  );
}

/** Re-run one ended day (warehouse): new lines, adjusting lines for what changed, never twice. */
function RerunDay() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [day, setDay] = useState(yesterday());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError(t('storageCharges.rerun.pickDay'));
    setBusy(true);
    setError(null);
    try {
      const r = await postAs(`${PATH}/run`, { day }, storageRunResultSchema, { quiet: true, inlineRefusal: true });
      toast(
        'success',
        t('storageCharges.rerun.done', {
          day: f.day(r.day),
          written: r.written,
          adjustments: r.adjustments,
          missing: r.missingDimensions,
        }),
      );
      void qc.invalidateQueries({ queryKey: [GRID] });
      void qc.invalidateQueries({ queryKey: [RUNS] });
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('storageCharges.rerun.title')}
    >
      <h2>{t('storageCharges.rerun.title')}</h2>
      <p className="muted">{t('storageCharges.rerun.help')}</p>
      <div className="form-row">
        <label>
          {t('storageCharges.day')}
          <DateField name="day" value={day} max={yesterday()} onChange={setDay} />
        </label>
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? t('storageCharges.rerun.running') : t('storageCharges.rerun.run')}
          </button>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The days run and the products each left uncharged for want of dimensions, linked to the catalogue. */
function MissingDimensions({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = f.money;
  const runs = useQuery({
    queryKey: [RUNS, from, to],
    queryFn: () =>
      getAs(`${PATH}/runs`, storageRunPageSchema, {
        query: { pageNumber: 1, pageSize: 30, from: from || undefined, to: to || undefined },
        background: true,
      }),
  });
  const withMissing = (runs.data?.content ?? []).filter((r) => r.missingDimensions.length > 0);
  return (
    <section className="card" aria-label={t('storageCharges.missing.title')} data-testid="missing-dimensions">
      <h2>{t('storageCharges.missing.title')}</h2>
      <p className="muted">{t('storageCharges.missing.help')}</p>
      {runs.isLoading && <p className="muted">{t('app.loading')}</p>}
      {runs.isError && (
        <p className="form-error" role="alert">
          {t('grid.error')}{' '}
          <button type="button" className="btn small" onClick={() => void runs.refetch()}>
            {t('grid.retry')}
          </button>
        </p>
      )}
      {runs.data && runs.data.content.length === 0 && <p className="muted">{t('storageCharges.missing.noRuns')}</p>}
      {runs.data && runs.data.content.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('storageCharges.day')}</th>
                <th>{t('storageCharges.missing.lines')}</th>
                <th>{t('storageCharges.amount')}</th>
                <th>{t('storageCharges.missing.products')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.content.map((r) => (
                <tr key={r.day}>
                  <td>{f.day(r.day)}</td>
                  <td>{f.number(r.lines)}</td>
                  <td>{money(r.amountCents, r.currency)}</td>
                  <td>
                    {r.missingDimensions.length === 0 ? (
                      <span className="muted">{t('storageCharges.missing.none')}</span>
                    ) : (
                      <ul className="plain">
                        {r.missingDimensions.map((m) => (
                          <li key={`${m.companyId}:${m.productKey}`}>
                            {m.productId ? (
                              <a href={`/apps/product/products?productId=${m.productId}`}>
                                {m.title ?? m.productKey} ({m.productKey})
                              </a>
                            ) : (
                              <span>
                                {m.productKey}{' '}
                                <span className="muted">{t('storageCharges.missing.notInCatalogue')}</span>
                              </span>
                            )}{' '}
                            · {m.companyName} ·{' '}
                            {t('storageCharges.missing.unitsLine', { units: m.units, chargeable: m.chargeableUnits })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {runs.data && runs.data.content.length > 0 && withMissing.length === 0 && (
        <p className="muted" data-testid="all-dimensions">
          {t('storageCharges.missing.allGood')}
        </p>
      )}
    </section>
  );
}
