/**
 * Service charge plans (/apps/plan/management): the warehouse's plans with tier, category and
 * status filters; add and edit a plan with its recurring fee and its price lines — a charge code
 * picked from the catalogue (grouped by invoice category, translated) and an exact decimal price,
 * checked in place with the domain schema before the server sees it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  CHARGE_SCHEDULES,
  PLAN_CATEGORIES,
  PLAN_STATUSES,
  PLAN_TIERS,
  planInputSchema,
  planPageSchema,
  planSchema,
  planTypePageSchema,
  type Plan as Row,
} from '../../../domain/schemas/plans';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, openColumn, useEditing } from '../../ui/editable-list';
import { FormFooter } from '../../ui/FormFooter';
import { chargeCodeName, chargeUnitName, codesByCategory, fieldErrors } from './catalogue';
import { useFormat } from '../../ui/format';

const GRID = 'plans';

function usePlanTypes() {
  return useQuery({
    queryKey: ['plan-types-all'],
    queryFn: () =>
      getAs('/api/plan/management/types', planTypePageSchema, {
        query: { pageNumber: 1, pageSize: 200 },
        quiet: true,
      }),
  });
}

export default function PlansPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { editing, edit, done } = useEditing<Row>(GRID, 'plans-all');
  const [tier, setTier] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('');

  const columns: ColumnDef<Row, unknown>[] = [
    openColumn<Row>('name', t('plans.name'), edit),
    {
      accessorKey: 'tier',
      header: t('plans.tier'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.tiers.${String(getValue())}`),
    },
    {
      accessorKey: 'category',
      header: t('plans.category'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.categories.${String(getValue())}`),
    },
    {
      accessorKey: 'planTypeName',
      header: t('plans.planType'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      id: 'fee',
      header: t('plans.recurringFee'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        Number(r.recurringFee) > 0 ? `${f.price(r.recurringFee)} · ${t(`plans.schedules.${r.schedule}`)}` : '–',
    },
    {
      id: 'prices',
      header: t('plans.priceLines'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => <span data-testid={`plan-prices-${r.id}`}>{r.prices.length}</span>,
    },
    { accessorKey: 'liveEnrollments', header: t('plans.liveEnrollments'), enableSorting: false },
    {
      accessorKey: 'status',
      header: t('plans.status'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.statuses.${String(getValue())}`),
    },
  ];

  const select = (name: string, value: string, set: (v: string) => void, options: readonly string[], ns: string) => (
    <select aria-label={t(`plans.${name}`)} name={name} value={value} onChange={(e) => set(e.target.value)}>
      <option value="">{t(`plans.any.${name}`)}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {t(`plans.${ns}.${o}`)}
        </option>
      ))}
    </select>
  );

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('plans.title')}</h1>
        <div className="button-row">
          <Link to="/apps/plan/types" className="btn">
            {t('plans.types.title')}
          </Link>
          <Link to="/apps/plan/management/customer" className="btn">
            {t('plans.customers.title')}
          </Link>
          <button type="button" className="btn" onClick={() => edit('new')}>
            {t('plans.add')}
          </button>
        </div>
      </div>
      <EditingForm editing={editing}>{(row) => <PlanForm row={row} onDone={done} />}</EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        filters={{ tier, category, status }}
        fetchPage={(q) =>
          getAs('/api/plan/management', planPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              tier: tier || undefined,
              category: category || undefined,
              status: status || undefined,
            },
            background: true,
          })
        }
        toolbar={
          <>
            {select('tier', tier, setTier, PLAN_TIERS, 'tiers')}
            {select('category', category, setCategory, PLAN_CATEGORIES, 'categories')}
            {select('status', status, setStatus, PLAN_STATUSES, 'statuses')}
          </>
        }
      />
    </div>
  );
}

interface Line {
  key: number;
  code: string;
  unitPrice: string;
}
let lineKey = 0;

function PlanForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const types = usePlanTypes();
  const groups = codesByCategory();
  const [v, setV] = useState({
    name: row?.name ?? '',
    description: row?.description ?? '',
    planTypeId: row?.planTypeId ? String(row.planTypeId) : '',
    tier: row?.tier ?? 'standard',
    category: row?.category ?? 'fba',
    recurringFee: row?.recurringFee ?? '0.00',
    schedule: row?.schedule ?? 'Monthly',
    status: row?.status ?? 'active',
  });
  const [lines, setLines] = useState<Line[]>(
    () => row?.prices.map((p) => ({ key: ++lineKey, code: p.code, unitPrice: p.unitPrice })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const used = new Set(lines.map((l) => l.code));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = planInputSchema.safeParse({
      ...v,
      planTypeId: v.planTypeId ? Number(v.planTypeId) : null,
      prices: lines.map((l) => ({ code: l.code, unitPrice: l.unitPrice })),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      const opts = { quiet: true, inlineRefusal: true };
      if (row) await putAs(`/api/plan/management/${row.id}`, parsed.data, planSchema, opts);
      else await postAs('/api/plan/management', parsed.data, planSchema, opts);
      toast('success', t('plans.saved'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('plans.deleteConfirm', { name: row.name }))) return;
    try {
      await delAs(`/api/plan/management/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const setLine = (key: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const err = (name: string) => errors[name] && <span className="form-error">{errors[name]}</span>;
  const choice = (name: 'tier' | 'category' | 'schedule' | 'status', options: readonly string[], ns: string) => (
    <label>
      {t(`plans.${name}`)}
      <select name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`plans.${ns}.${o}`)}
          </option>
        ))}
      </select>
      {err(name)}
    </label>
  );

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(row ? 'plans.edit' : 'plans.add')}
    >
      <div className="form-row">
        <label>
          {t('plans.name')}
          <input name="name" autoFocus value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          {err('name')}
        </label>
        <label>
          {t('plans.planType')}
          <select name="planTypeId" value={v.planTypeId} onChange={(e) => setV({ ...v, planTypeId: e.target.value })}>
            <option value="">{t('plans.noPlanType')}</option>
            {types.data?.content.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
          {err('planTypeId')}
        </label>
        {choice('tier', PLAN_TIERS, 'tiers')}
        {choice('category', PLAN_CATEGORIES, 'categories')}
      </div>
      <div className="form-row">
        <label>
          {t('plans.recurringFee')}
          <input
            name="recurringFee"
            inputMode="decimal"
            placeholder="0.00"
            value={v.recurringFee}
            onChange={(e) => setV({ ...v, recurringFee: e.target.value })}
          />
          {err('recurringFee')}
        </label>
        {choice('schedule', CHARGE_SCHEDULES, 'schedules')}
        {choice('status', PLAN_STATUSES, 'statuses')}
        <label>
          {t('plans.description')}
          <input
            name="description"
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.target.value })}
          />
          {err('description')}
        </label>
      </div>
      <fieldset className="plan-prices" aria-label={t('plans.priceLines')}>
        <legend>{t('plans.priceLines')}</legend>
        {lines.length === 0 && <p className="muted">{t('plans.noPriceLines')}</p>}
        {lines.map((l, i) => (
          <div className="form-row" key={l.key} data-testid="plan-price-line">
            <label>
              {t('plans.chargeCode')}
              <select
                name={`prices.${i}.code`}
                value={l.code}
                onChange={(e) => setLine(l.key, { code: e.target.value })}
              >
                <option value="">{t('plans.chooseCode')}</option>
                {groups.map((g) => (
                  <optgroup key={g.category} label={t(`plans.chargeCategories.${g.category}`)}>
                    {g.codes.map((c) => (
                      <option key={c} value={c} disabled={c !== l.code && used.has(c)}>
                        {chargeCodeName(t, c)} ({c})
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {err(`prices.${i}.code`)}
            </label>
            <label>
              {l.code ? t('plans.unitPriceFor', { unit: chargeUnitName(t, l.code) }) : t('plans.unitPrice')}
              <input
                name={`prices.${i}.unitPrice`}
                inputMode="decimal"
                placeholder="0.00"
                value={l.unitPrice}
                onChange={(e) => setLine(l.key, { unitPrice: e.target.value })}
              />
              {err(`prices.${i}.unitPrice`)}
            </label>
            <button
              type="button"
              className="btn link"
              style={{ alignSelf: 'center', justifySelf: 'start' }}
              aria-label={t('plans.removeLineOf', { n: i + 1 })}
              onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
            >
              {t('plans.removeLine')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn"
          onClick={() => setLines((ls) => [...ls, { key: ++lineKey, code: '', unitPrice: '' }])}
        >
          {t('plans.addLine')}
        </button>
        {err('prices')}
      </fieldset>
      <FormFooter
        error={errors.form}
        saveLabel={t('plans.save')}
        cancelLabel={t('plans.cancel')}
        onCancel={onDone}
        deleteLabel={t('plans.delete')}
        onDelete={row ? () => void remove() : undefined}
      />
    </form>
  );
}
