/**
 * License plates (/apps/wms/location/lpn): create LPNs in bulk (consecutive codes, optionally at a
 * location) and print their labels at once; put an LPN into another or take it out; move an
 * outermost LPN, with everything in it, to a location.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  lpnCreatedSchema,
  lpnCreateSchema,
  lpnMoveResultSchema,
  lpnNestResultSchema,
  lpnPageSchema,
  type LpnListRow as Row,
} from '../../../domain/schemas/lpn';
import { ApiFailure } from '../../api/client';
import { getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { deliverLabels, lpnLabelsPdf } from './location-labels';

const GRID = 'wms-lpns';

export default function LpnPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [created, setCreated] = useState<string[] | null>(null);
  const [acting, setActing] = useState<{ row: Row; kind: 'parent' | 'location' } | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: [GRID] });

  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'code', header: t('lpn.code'), enableSorting: false },
    {
      accessorKey: 'parentCode',
      header: t('lpn.inside'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'locationCode',
      header: t('lpn.location'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => r.locationCode ?? (r.parentCode ? t('lpn.withParent') : '–'),
    },
    { accessorKey: 'description', header: t('wms.description'), enableSorting: false },
    {
      id: 'actions',
      header: t('po.actions'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span className="button-row">
          <button type="button" className="btn" onClick={() => setActing({ row: r, kind: 'parent' })}>
            {t('lpn.putInto')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!!r.parentCode}
            onClick={() => setActing({ row: r, kind: 'location' })}
          >
            {t('lpn.move')}
          </button>
        </span>
      ),
    },
  ];

  const printLabels = async (codes: string[], download: boolean) => {
    const result = await deliverLabels(
      'lpn',
      await lpnLabelsPdf(codes),
      download ? `dockside-lpn-labels-${codes.length}.pdf` : null,
    );
    if (!result) return;
    if (result.ok)
      toast(
        'success',
        result.transport === 'qz'
          ? t('printing.sent', { printer: result.printer, copies: codes.length })
          : t('printing.dialogOpened'),
      );
    else toast('error', t('printing.failed', { error: result.error }));
  };

  return (
    <div className="page">
      <h1>{t('lpn.title')}</h1>
      <CreateLpns
        onCreated={(codes) => {
          setCreated(codes);
          refresh();
        }}
      />
      {created && (
        <section className="card" role="status" data-testid="lpns-created">
          <p>{t('lpn.created', { count: created.length, first: created[0], last: created.at(-1) })}</p>
          <div className="button-row">
            <button type="button" className="btn primary" onClick={() => void printLabels(created, false)}>
              {t('lpn.printLabels')}
            </button>
            <button type="button" className="btn" onClick={() => void printLabels(created, true)}>
              {t('lpn.downloadLabels')}
            </button>
          </div>
        </section>
      )}
      {acting && (
        <LpnAction
          key={`${acting.row.code}-${acting.kind}`}
          row={acting.row}
          kind={acting.kind}
          onDone={() => {
            setActing(null);
            refresh();
          }}
        />
      )}
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        fetchPage={(q) =>
          getAs('/api/warehouse/location/lpn', lpnPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
            background: true,
          })
        }
      />
    </div>
  );
}

function CreateLpns({ onCreated }: { onCreated: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ count: '10', prefix: 'LPN', locationCode: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = lpnCreateSchema.safeParse({
      ...v,
      locationCode: v.locationCode.trim() || undefined,
      description: v.description.trim() || undefined,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      const r = await postAs('/api/warehouse/location/lpn', parsed.data, lpnCreatedSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setErrors({});
      onCreated(r.codes);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const field = (name: keyof typeof v, extra: Record<string, unknown> = {}) => (
    <label>
      {t(`lpn.fields.${name}`)}
      <input name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...extra} />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );
  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('lpn.create')}>
      <div className="form-row">
        {field('count', { type: 'number', min: 1, max: 1000 })}
        {field('prefix', { maxLength: 6 })}
        {field('locationCode')}
        {field('description')}
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {t('lpn.create')}
        </button>
      </div>
    </form>
  );
}

function LpnAction({ row, kind, onDone }: { row: Row; kind: 'parent' | 'location'; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      if (kind === 'parent')
        await putAs(
          `/api/warehouse/location/lpn/${row.code}/parent`,
          { parentCode: value.trim() ? value.trim().toUpperCase() : null },
          lpnNestResultSchema,
          { quiet: true, inlineRefusal: true },
        );
      else
        await putAs(
          `/api/warehouse/location/lpn/${row.code}/location`,
          { locationCode: value.trim() },
          lpnMoveResultSchema,
          { quiet: true, inlineRefusal: true },
        );
      toast('success', t('lpn.saved'));
      onDone();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };
  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(kind === 'parent' ? 'lpn.putIntoTitle' : 'lpn.moveTitle', { code: row.code })}
    >
      <h2>{t(kind === 'parent' ? 'lpn.putIntoTitle' : 'lpn.moveTitle', { code: row.code })}</h2>
      <label>
        {t(kind === 'parent' ? 'lpn.parentCode' : 'lpn.locationCode')}
        <input
          name="target"
          value={value}
          autoFocus
          onChange={(e) => setValue(e.target.value)}
          placeholder={kind === 'parent' ? t('lpn.emptyTakesOut') : undefined}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {t('lpn.apply')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
