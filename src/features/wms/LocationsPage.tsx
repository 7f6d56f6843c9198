/**
 * Warehouse locations (/apps/wms/locations): the list with type and active filters, add and edit,
 * the bulk generator, CSV export and import (all rows or none), and location labels for what the
 * list shows (one PDF, printed on the location-label printer or downloaded).
 */
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOCATION_TYPE_NAMES,
  locationImportResultSchema,
  locationInputSchema,
  locationPageSchema,
  locationRecordSchema,
  type LocationListRow as Row,
} from '../../../domain/schemas/locations';
import { deletedSchema } from '../../../domain/schemas/common';
import { api, ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, openColumn, useEditing } from '../../ui/editable-list';
import { GeneratorCard } from './GeneratorCard';
import { deliverLabels, locationLabelsPdf } from './location-labels';
import { printingLocationDesignSchema } from '../../../domain/schemas/label-designs';
import { FormFooter } from '../../ui/FormFooter';

const GRID = 'wms-locations';
const LABEL_LIMIT = 500;

export default function LocationsPage() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [type, setType] = useState('');
  const [active, setActive] = useState('');
  const [search, setSearch] = useState('');
  const { editing, edit, done, reload: refresh } = useEditing<Row>(GRID);
  const [generator, setGenerator] = useState(false);
  const [importErrors, setImportErrors] = useState<string[] | null>(null);

  const columns: ColumnDef<Row, unknown>[] = [
    openColumn<Row>('code', t('wms.code'), edit),
    {
      accessorKey: 'type',
      header: t('wms.type'),
      enableSorting: false,
      cell: ({ getValue }) => t(`wms.types.${String(getValue())}`),
    },
    {
      accessorKey: 'parentCode',
      header: t('wms.parent'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    { accessorKey: 'description', header: t('wms.description'), enableSorting: false },
    {
      accessorKey: 'capacity',
      header: t('wms.capacity'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as number | null) ?? '–',
    },
    {
      accessorKey: 'active',
      header: t('wms.active'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? t('wms.yes') : t('wms.no')),
    },
  ];

  const exportCsv = async () => {
    const res = await api<Response>('GET', '/api/warehouse-location/export', { raw: true });
    const url = URL.createObjectURL(await res.blob());
    Object.assign(document.createElement('a'), { href: url, download: 'dockside-locations.csv' }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const importCsv = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set('file', file);
    try {
      const r = await postAs('/api/warehouse-location/import', form, locationImportResultSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setImportErrors(null);
      toast('success', t('wms.imported', { created: r.created, updated: r.updated }));
      refresh();
    } catch (err) {
      setImportErrors(err instanceof ApiFailure ? err.messages : [String(err)]);
    }
  };
  const labels = async (download: boolean) => {
    const page = await getAs('/api/warehouse-location', locationPageSchema, {
      query: {
        pageNumber: 1,
        pageSize: 200,
        q: search || undefined,
        type: type || undefined,
        active: active || undefined,
      },
      quiet: true,
    });
    let rows = page.content;
    for (let n = 2; rows.length < Math.min(page.totalElements, LABEL_LIMIT); n++) {
      rows = rows.concat(
        (
          await getAs('/api/warehouse-location', locationPageSchema, {
            query: {
              pageNumber: n,
              pageSize: 200,
              q: search || undefined,
              type: type || undefined,
              active: active || undefined,
            },
            quiet: true,
          })
        ).content,
      );
    }
    if (rows.length === 0) return toast('warning', t('wms.noLabels'));
    // Printed with the tenant's default design (the barcode designer).
    const design = await getAs('/api/warehouse-location/barcode-designs/default', printingLocationDesignSchema, {
      quiet: true,
    });
    const pdf = await locationLabelsPdf(
      rows.slice(0, LABEL_LIMIT).map((r) => r.code),
      design,
    );
    const result = await deliverLabels(
      'location',
      pdf,
      download ? `dockside-location-labels-${rows.length}.pdf` : null,
    );
    if (!result) return;
    if (result.ok)
      toast(
        'success',
        result.transport === 'qz'
          ? t('printing.sent', { printer: result.printer, copies: rows.length })
          : t('printing.dialogOpened'),
      );
    else toast('error', t('printing.failed', { error: result.error }));
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('wms.title')}</h1>
        <div className="button-row">
          <Link to="/apps/wms/location/lpn" className="btn">
            {t('lpn.title')}
          </Link>
          <Link to="/apps/wms/actions" className="btn">
            {t('moves.actionsTitle')}
          </Link>
          <Link to="/apps/wms/actions/location-barcode-designer" className="btn">
            {t('designer.title')}
          </Link>
          <button type="button" className="btn" onClick={() => edit('new')}>
            {t('wms.add')}
          </button>
          <button type="button" className="btn" aria-pressed={generator} onClick={() => setGenerator((g) => !g)}>
            {t('wms.generatorTitle')}
          </button>
          <button type="button" className="btn" onClick={() => void exportCsv()}>
            {t('wms.export')}
          </button>
          <label className="btn">
            {t('wms.import')}
            <input
              type="file"
              name="locationsCsv"
              accept=".csv,text/csv"
              hidden
              onChange={(e) => {
                void importCsv(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          <button type="button" className="btn" onClick={() => void labels(false)}>
            {t('wms.printLabels')}
          </button>
          <button type="button" className="btn" onClick={() => void labels(true)}>
            {t('wms.downloadLabels')}
          </button>
        </div>
      </div>
      {importErrors && (
        <section className="card" role="alert" data-testid="import-report">
          <h2>{t('wms.importFailed', { count: importErrors.length })}</h2>
          <ul>
            {importErrors.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      {generator && <GeneratorCard onCreated={refresh} />}
      <EditingForm editing={editing}>{(row) => <LocationForm row={row} onDone={done} />}</EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        filters={{ type, active }}
        fetchPage={(q) => {
          setSearch(q.q ?? '');
          return getAs('/api/warehouse-location', locationPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              type: type || undefined,
              active: active || undefined,
            },
            background: true,
          });
        }}
        toolbar={
          <>
            <select aria-label={t('wms.type')} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('wms.anyType')}</option>
              {LOCATION_TYPE_NAMES.map((x) => (
                <option key={x} value={x}>
                  {t(`wms.types.${x}`)}
                </option>
              ))}
            </select>
            <select aria-label={t('wms.active')} value={active} onChange={(e) => setActive(e.target.value)}>
              <option value="">{t('wms.activeAny')}</option>
              <option value="true">{t('wms.activeOnly')}</option>
              <option value="false">{t('wms.inactiveOnly')}</option>
            </select>
          </>
        }
      />
    </div>
  );
}

function LocationForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [v, setV] = useState({
    code: row?.code ?? '',
    type: row?.type ?? 'bin',
    parentCode: row?.parentCode ?? '',
    description: row?.description ?? '',
    capacity: row?.capacity ? String(row.capacity) : '',
    active: row?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = locationInputSchema.safeParse({
      ...v,
      description: v.description.trim() || undefined,
      capacity: v.capacity.trim() || undefined,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      if (row)
        await putAs(`/api/warehouse-location/${row.id}`, parsed.data, locationRecordSchema, {
          quiet: true,
          inlineRefusal: true,
        });
      else
        await postAs('/api/warehouse-location', parsed.data, locationRecordSchema, {
          quiet: true,
          inlineRefusal: true,
        });
      toast('success', t('wms.saved'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('wms.deleteConfirm', { code: row.code }))) return;
    try {
      await delAs(`/api/warehouse-location/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const field = (name: 'code' | 'parentCode' | 'description' | 'capacity', extra: Record<string, unknown> = {}) => (
    <label>
      {t(`wms.fields.${name}`)}
      <input name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...extra} />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(row ? 'wms.editTitle' : 'wms.add')}
    >
      <div className="form-row">
        {field('code', { autoFocus: true })}
        <label>
          {t('wms.type')}
          <select name="type" value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })}>
            {LOCATION_TYPE_NAMES.map((x) => (
              <option key={x} value={x}>
                {t(`wms.types.${x}`)}
              </option>
            ))}
          </select>
        </label>
        {field('parentCode')}
        {field('capacity', { type: 'number', min: 1 })}
      </div>
      {field('description')}
      <label className="checkbox">
        <input
          type="checkbox"
          name="active"
          checked={v.active}
          onChange={(e) => setV({ ...v, active: e.target.checked })}
        />
        {t('wms.active')}
      </label>
      <FormFooter
        error={errors.form}
        saveLabel={t('wms.save')}
        cancelLabel={t('po.cancel')}
        onCancel={onDone}
        deleteLabel={t('wms.delete')}
        onDelete={row ? () => void remove() : undefined}
      />
    </form>
  );
}
