/**
 * One printer-administration list (vendors, label stock, station printers): the shared DataGrid
 * over the tenant's rows, and a form to add or edit a row, checked with the domain's zod schema
 * before it is sent (the server checks again with the same schema).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Page } from '../../../../domain/paging';
import { ApiFailure, del, post, put } from '../../../api/client';
import { getAs } from '../../../api/typed';
import { DataGrid, type GridQuery } from '../../../ui/DataGrid';

export interface AdminField {
  name: string;
  kind: 'text' | 'number' | 'select' | 'checkbox' | 'textarea';
  options?: readonly { value: string; label: string }[];
  optional?: boolean;
  /** A select whose values are numbers (dpi, ids). */
  numeric?: boolean;
}

type Row = Record<string, unknown> & { id: number };

export interface PrinterAdminListProps {
  id: string;
  title: string;
  endpoint: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The domain's schema of one stored row (what the list endpoint answers). */
  rowSchema: z.ZodType<Row>;
  fields: AdminField[];
  /** Field label, also the column header. */
  label: (field: string) => string;
  /** How a value shows in the list (defaults to its text). */
  display?: (field: string, value: unknown) => ReactNode;
  intro?: ReactNode;
}

/** All rows, paged, sorted and searched here: a tenant has a few dozen at most. */
function localPage(rows: Row[], q: GridQuery): Page<Row> {
  const needle = q.q?.trim().toLowerCase();
  let list = needle
    ? rows.filter((r) =>
        Object.values(r).some((v) =>
          String(v ?? '')
            .toLowerCase()
            .includes(needle),
        ),
      )
    : rows;
  if (q.sort) {
    const key = q.sort;
    const sign = q.dir === 'desc' ? -1 : 1;
    list = [...list].sort(
      (a, b) => sign * String(a[key] ?? '').localeCompare(String(b[key] ?? ''), undefined, { numeric: true }),
    );
  }
  const start = (q.pageNumber - 1) * q.pageSize;
  return {
    content: list.slice(start, start + q.pageSize),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalElements: list.length,
  };
}

/** A row's values as form strings; a new row starts on each select's first choice and switched on. */
const toForm = (fields: AdminField[], row?: Row): Record<string, string> =>
  Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name];
      if (v !== undefined && v !== null) return [f.name, String(v)];
      if (row) return [f.name, ''];
      if (f.kind === 'checkbox') return [f.name, 'true'];
      if (f.kind === 'select' && !f.optional) return [f.name, f.options?.[0]?.value ?? ''];
      return [f.name, ''];
    }),
  );

function fromForm(fields: AdminField[], values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = (values[f.name] ?? '').trim();
    if (f.kind === 'checkbox') out[f.name] = raw === 'true';
    else if (raw === '' && f.optional) continue;
    else if (f.kind === 'number' || f.numeric) out[f.name] = raw === '' ? undefined : Number(raw);
    else out[f.name] = raw;
  }
  return out;
}

export function PrinterAdminList({
  id,
  title,
  endpoint,
  schema,
  rowSchema,
  fields,
  label,
  display,
  intro,
}: PrinterAdminListProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const open = (row: Row | 'new') => {
    setEditing(row);
    setValues(toForm(fields, row === 'new' ? undefined : row));
    setErrors({});
  };
  const refresh = () => qc.invalidateQueries({ queryKey: [id] });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(fromForm(fields, values));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    try {
      if (editing === 'new') await post(endpoint, parsed.data);
      else if (editing) await put(`${endpoint}/${editing.id}`, parsed.data);
      setEditing(null);
      await refresh();
    } catch (err) {
      if (err instanceof ApiFailure) setErrors({ '': err.messages.join(' ') });
    }
  };

  const remove = async (row: Row) => {
    if (!window.confirm(t('printerAdmin.deleteConfirm'))) return;
    await del(`${endpoint}/${row.id}`).catch(() => undefined);
    setEditing(null);
    await refresh();
  };

  const columns: ColumnDef<Row, unknown>[] = [
    ...fields
      .filter((f) => f.kind !== 'textarea')
      .map((f): ColumnDef<Row, unknown> => ({
        id: f.name,
        accessorKey: f.name,
        header: label(f.name),
        cell: (c) =>
          display
            ? display(f.name, c.getValue())
            : f.kind === 'checkbox'
              ? c.getValue()
                ? t('printerAdmin.yes')
                : t('printerAdmin.no')
              : String(c.getValue() ?? ''),
      })),
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: (c) => (
        <button type="button" className="btn" onClick={() => open(c.row.original)}>
          {t('printerAdmin.edit')}
        </button>
      ),
    },
  ];

  return (
    <div className="page">
      <h1>{title}</h1>
      {intro}
      <DataGrid<Row>
        id={id}
        columns={columns}
        onRowOpen={open}
        toolbar={
          <button type="button" className="btn primary" onClick={() => open('new')}>
            {t('printerAdmin.add')}
          </button>
        }
        fetchPage={async (q) => localPage(await getAs(endpoint, z.array(rowSchema), { background: true }), q)}
      />
      {editing && (
        <form
          className="card form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={editing === 'new' ? t('printerAdmin.add') : t('printerAdmin.edit')}
        >
          <h2>{editing === 'new' ? t('printerAdmin.add') : t('printerAdmin.edit')}</h2>
          {fields.map((f) => (
            <label key={f.name} className={f.kind === 'checkbox' ? 'checkbox' : undefined}>
              {f.kind === 'checkbox' ? (
                <input
                  type="checkbox"
                  name={f.name}
                  checked={values[f.name] === 'true'}
                  onChange={(e) => setValues({ ...values, [f.name]: String(e.target.checked) })}
                />
              ) : null}
              {label(f.name)}
              {f.kind === 'select' ? (
                <select
                  name={f.name}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                >
                  {f.optional && <option value="">—</option>}
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : f.kind === 'textarea' ? (
                <textarea
                  name={f.name}
                  rows={3}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                />
              ) : f.kind !== 'checkbox' ? (
                <input
                  name={f.name}
                  type={f.kind === 'number' ? 'number' : 'text'}
                  step="any"
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  aria-invalid={errors[f.name] ? true : undefined}
                />
              ) : null}
              {errors[f.name] && <span className="form-error">{errors[f.name]}</span>}
            </label>
          ))}
          {errors[''] && (
            <p className="form-error" role="alert">
              {errors['']}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="btn primary">
              {t('printerAdmin.save')}
            </button>
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              {t('printerAdmin.cancel')}
            </button>
            {editing !== 'new' && (
              <button type="button" className="btn danger" onClick={() => void remove(editing)}>
                {t('printerAdmin.delete')}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
