/**
 * Clients and their plans (/apps/plan/management/customer): every enrolment, filtered by client
 * and by live or ended; enrol a client in a plan from a day, change a client's plan (the current
 * one of the category ends the day before the new one starts) or end an enrolment on a day.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enrollmentEndSchema,
  enrollmentInputSchema,
  enrollmentPageSchema,
  enrollmentSchema,
  type Enrollment as Row,
} from '../../../domain/schemas/plans';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { FormFooter } from '../../ui/FormFooter';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { fieldErrors, todayIso, useAllPlans } from './catalogue';
import { DateField } from '../../ui/DateField';
import { useFormat } from '../../ui/format';

const GRID = 'plan-enrollments';

type Editing = { kind: 'enrol'; row?: Row } | { kind: 'end'; row: Row } | null;

export default function CustomerPlansPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [live, setLive] = useState('true');
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [GRID] });
    void qc.invalidateQueries({ queryKey: ['plans'] });
  };
  const done = (changed: boolean) => {
    setEditing(null);
    if (changed) refresh();
  };

  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'companyName', header: t('plans.client'), enableSorting: false },
    { accessorKey: 'planName', header: t('plans.plan'), enableSorting: false },
    {
      accessorKey: 'category',
      header: t('plans.category'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.categories.${String(getValue())}`),
    },
    {
      accessorKey: 'tier',
      header: t('plans.tier'),
      enableSorting: false,
      cell: ({ getValue }) => t(`plans.tiers.${String(getValue())}`),
    },
    {
      accessorKey: 'startsOn',
      header: t('plans.startsOn'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string),
    },
    {
      accessorKey: 'endsOn',
      header: t('plans.endsOn'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() === null ? t('plans.openEnded') : f.day(getValue() as string)),
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.endsOn === null && (
          <>
            <button type="button" className="btn link" onClick={() => setEditing({ kind: 'enrol', row: r })}>
              {t('plans.customers.change')}
            </button>{' '}
            <button type="button" className="btn link" onClick={() => setEditing({ kind: 'end', row: r })}>
              {t('plans.customers.end')}
            </button>
          </>
        ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('plans.customers.title')}</h1>
        <div className="button-row">
          <Link to="/apps/plan/management" className="btn">
            {t('plans.title')}
          </Link>
          <button type="button" className="btn" onClick={() => setEditing({ kind: 'enrol' })}>
            {t('plans.customers.enrol')}
          </button>
        </div>
      </div>
      {editing?.kind === 'enrol' && (
        <EnrolForm key={editing.row?.id ?? 'new'} change={editing.row} presetCompany={companyId} onDone={done} />
      )}
      {editing?.kind === 'end' && <EndForm key={editing.row.id} row={editing.row} onDone={done} />}
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        searchable={false}
        filters={{ companyId, live }}
        fetchPage={(q) =>
          getAs('/api/plan/enrollment', enrollmentPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              companyId: companyId ?? undefined,
              live: live || undefined,
            },
            background: true,
          })
        }
        toolbar={
          <>
            <ClientSelect value={companyId} onChange={setCompanyId} />
            <select
              aria-label={t('plans.customers.which')}
              name="live"
              value={live}
              onChange={(e) => setLive(e.target.value)}
            >
              <option value="true">{t('plans.customers.liveOnly')}</option>
              <option value="false">{t('plans.customers.endedOnly')}</option>
              <option value="">{t('plans.customers.all')}</option>
            </select>
          </>
        }
      />
    </div>
  );
}

/** Enrol a client; given the enrolment it replaces, a change of plan within its category. */
function EnrolForm({
  change,
  presetCompany,
  onDone,
}: {
  change?: Row;
  presetCompany: number | null;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const plans = useAllPlans();
  const [companyId, setCompanyId] = useState<number | null>(change?.companyId ?? presetCompany);
  const [planId, setPlanId] = useState('');
  const [startsOn, setStartsOn] = useState(todayIso());
  const [endCurrent, setEndCurrent] = useState(!!change);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choices = (plans.data?.content ?? []).filter(
    (p) => p.status === 'active' && (!change || (p.category === change.category && p.id !== change.planId)),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = enrollmentInputSchema.safeParse({ companyId, planId: planId || undefined, startsOn, endCurrent });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      const out = await postAs('/api/plan/enrollment', parsed.data, enrollmentSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('plans.customers.enrolled', { client: out.companyName, plan: out.planName }));
      onDone(true);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={
        change ? t('plans.customers.changeTitle', { client: change.companyName }) : t('plans.customers.enrol')
      }
    >
      {change && <p>{t('plans.customers.changeHint', { plan: change.planName })}</p>}
      <div className="form-row">
        {!change && <ClientSelect value={companyId} onChange={setCompanyId} error={errors.companyId} />}
        <label>
          {t('plans.plan')}
          <select name="planId" value={planId} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">{t('plans.choosePlan')}</option>
            {choices.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name} · {t(`plans.categories.${p.category}`)} · {t(`plans.tiers.${p.tier}`)}
              </option>
            ))}
          </select>
          {errors.planId && <span className="form-error">{errors.planId}</span>}
        </label>
        <label>
          {t('plans.startsOn')}
          <DateField name="startsOn" value={startsOn} onChange={setStartsOn} />
          {errors.startsOn && <span className="form-error">{errors.startsOn}</span>}
        </label>
      </div>
      {!change && (
        <label className="checkbox">
          <input
            type="checkbox"
            name="endCurrent"
            checked={endCurrent}
            onChange={(e) => setEndCurrent(e.target.checked)}
          />
          {t('plans.customers.endCurrent')}
        </label>
      )}
      {!plans.isLoading && choices.length === 0 && <p className="muted">{t('plans.customers.noPlans')}</p>}
      <FormFooter
        error={errors.form}
        saveLabel={t(change ? 'plans.customers.change' : 'plans.customers.enrol')}
        cancelLabel={t('plans.cancel')}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}

function EndForm({ row, onDone }: { row: Row; onDone: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [endsOn, setEndsOn] = useState(todayIso() < row.startsOn ? row.startsOn : todayIso());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = enrollmentEndSchema.safeParse({ endsOn });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      await postAs(`/api/plan/enrollment/${row.id}/end`, parsed.data, enrollmentSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('plans.customers.ended', { client: row.companyName, plan: row.planName }));
      onDone(true);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('plans.customers.endTitle', { client: row.companyName, plan: row.planName })}
    >
      <p>{t('plans.customers.endTitle', { client: row.companyName, plan: row.planName })}</p>
      <label>
        {t('plans.endsOn')}
        <DateField name="endsOn" value={endsOn} onChange={setEndsOn} />
        {errors.endsOn && <span className="form-error">{errors.endsOn}</span>}
      </label>
      <FormFooter
        error={errors.form}
        saveLabel={t('plans.customers.end')}
        cancelLabel={t('plans.cancel')}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}
