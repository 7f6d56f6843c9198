/**
 * Problem items (/apps/problem/management): every discrepancy of receiving — damaged, unknown,
 * missing — with the client's decision and the warehouse's follow-through. Warehouse staff raise
 * problems here too (the floor raises them from scans). Clients see their own company's only.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DAMAGE_TYPES, PROBLEM_TYPES, problemCreateSchema } from '../../../domain/schemas/problems';
import { ApiFailure } from '../../api/client';
import { useSession } from '../../app/session';
import { DataGrid } from '../../ui/DataGrid';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { ProblemDetail } from './ProblemDetail';
import { getAs, postAs } from '../../api/typed';
import { problemDetailSchema, problemPageSchema, type ProblemRow } from '../../../domain/schemas/problems';
import { formatDateTime } from '../../../domain/format';

type Row = ProblemRow;

const OPEN_FILTERS = ['true', 'false', ''] as const;

export default function ProblemsPage() {
  const { t, i18n } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [open, setOpen] = useState<(typeof OPEN_FILTERS)[number]>('true');
  const [type, setType] = useState('');
  // ?id= opens a problem directly (the Dispositions report links its source problem).
  const linked = Number((useSearch({ strict: false }) as { id?: string | number }).id);
  const [selected, setSelected] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const [raising, setRaising] = useState(false);

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'id',
      header: '#',
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <button
          type="button"
          className="btn link"
          onClick={() => setSelected(r.id)}
          aria-label={t('problems.open', { id: r.id })}
        >
          #{r.id}
        </button>
      ),
    },
    {
      accessorKey: 'type',
      header: t('problems.type'),
      enableSorting: false,
      cell: ({ getValue }) => t(`problems.types.${String(getValue())}`),
    },
    { accessorKey: 'companyName', header: t('po.client'), enableSorting: false },
    {
      id: 'what',
      header: t('problems.item'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => r.itemTitle ?? (r.code ? <code>{r.code}</code> : '–'),
    },
    { accessorKey: 'quantity', header: t('problems.quantity'), enableSorting: false },
    {
      accessorKey: 'status',
      header: t('problems.status'),
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className={`pill status-${String(getValue())}`}>{t(`problems.statuses.${String(getValue())}`)}</span>
      ),
    },
    {
      accessorKey: 'resolution',
      header: t('problems.resolution'),
      enableSorting: false,
      cell: ({ getValue }) => t(`problems.resolutions.${String(getValue())}`),
    },
    {
      accessorKey: 'createdAt',
      header: t('problems.raised'),
      enableSorting: false,
      cell: ({ getValue }) => formatDateTime(i18n.language, String(getValue())),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('problems.title')}</h1>
        {warehouse && (
          <button type="button" className="btn primary" onClick={() => setRaising(true)}>
            {t('problems.raise')}
          </button>
        )}
      </div>
      {raising && (
        <RaiseProblemForm
          onDone={(id) => {
            setRaising(false);
            if (id) setSelected(id);
          }}
        />
      )}
      <div className={selected ? 'split' : undefined}>
        <DataGrid<Row>
          id="problems"
          columns={columns}
          filters={{ open, type }}
          onRowOpen={(r) => setSelected(r.id)}
          fetchPage={(q) =>
            getAs('/api/problem-management/problem', problemPageSchema, {
              query: {
                pageNumber: q.pageNumber,
                pageSize: q.pageSize,
                open: open || undefined,
                type: type || undefined,
              },
              background: true,
            })
          }
          searchable={false}
          toolbar={
            <>
              <div className="segmented" role="group" aria-label={t('problems.status')}>
                {OPEN_FILTERS.map((f) => (
                  <button
                    key={f || 'all'}
                    type="button"
                    className={`btn ${open === f ? 'primary' : ''}`}
                    aria-pressed={open === f}
                    onClick={() => setOpen(f)}
                  >
                    {t(`problems.filter.${f || 'all'}`)}
                  </button>
                ))}
              </div>
              <select aria-label={t('problems.type')} value={type} onChange={(e) => setType(e.target.value)}>
                <option value="">{t('problems.anyType')}</option>
                {PROBLEM_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {t(`problems.types.${p}`)}
                  </option>
                ))}
              </select>
            </>
          }
        />
        {selected && <ProblemDetail key={selected} id={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}

function RaiseProblemForm({ onDone }: { onDone: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [v, setV] = useState({ type: 'damaged', quantity: '1', damageType: 'broken', code: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = problemCreateSchema.safeParse({
      companyId: companyId ?? undefined,
      type: v.type,
      quantity: Number(v.quantity),
      damageType: v.type === 'damaged' ? v.damageType : 'none',
      code: v.code.trim() || undefined,
      notes: v.notes.trim() || undefined,
    });
    const errs: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (!companyId) errs.companyId = t('po.clientRequired');
    setErrors(errs);
    if (!parsed.success || Object.keys(errs).length) return;
    try {
      const created = await postAs('/api/problem-management/problem', parsed.data, problemDetailSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      onDone(created.id);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('problems.raise')}>
      <ClientSelect value={companyId} onChange={setCompanyId} error={errors.companyId} />
      <div className="form-row">
        <label>
          {t('problems.type')}
          <select name="type" value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })}>
            {PROBLEM_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`problems.types.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {v.type === 'damaged' && (
          <label>
            {t('problems.damageType')}
            <select name="damageType" value={v.damageType} onChange={(e) => setV({ ...v, damageType: e.target.value })}>
              {DAMAGE_TYPES.filter((d) => d !== 'none').map((d) => (
                <option key={d} value={d}>
                  {t(`problems.damageTypes.${d}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t('problems.quantity')}
          <input
            name="quantity"
            type="number"
            min={1}
            value={v.quantity}
            onChange={(e) => setV({ ...v, quantity: e.target.value })}
          />
          {errors.quantity && <span className="form-error">{errors.quantity}</span>}
        </label>
        <label>
          {t('problems.code')}
          <input name="code" value={v.code} onChange={(e) => setV({ ...v, code: e.target.value })} />
        </label>
      </div>
      <label>
        {t('problems.addNote')}
        <textarea name="notes" rows={2} value={v.notes} onChange={(e) => setV({ ...v, notes: e.target.value })} />
      </label>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {t('problems.raise')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
