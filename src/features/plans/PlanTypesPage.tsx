/**
 * Plan types (/apps/plan/types): the names the warehouse groups its service charge plans under.
 * List with search, add, edit, delete (only when no plan uses the type).
 */
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  planTypeInputSchema,
  planTypePageSchema,
  planTypeSchema,
  type PlanType as Row,
} from '../../../domain/schemas/plans';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, openColumn, useEditing } from '../../ui/editable-list';
import { FormFooter } from '../../ui/FormFooter';
import { fieldErrors } from './catalogue';

const GRID = 'plan-types';

export default function PlanTypesPage() {
  const { t } = useTranslation();
  const { editing, edit, done } = useEditing<Row>(GRID, 'plan-types-all');
  const columns: ColumnDef<Row, unknown>[] = [
    openColumn<Row>('name', t('plans.types.name'), edit),
    {
      accessorKey: 'description',
      header: t('plans.description'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    { accessorKey: 'planCount', header: t('plans.types.plans'), enableSorting: false },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('plans.types.title')}</h1>
        <div className="button-row">
          <Link to="/apps/plan/management" className="btn">
            {t('plans.title')}
          </Link>
          <button type="button" className="btn" onClick={() => edit('new')}>
            {t('plans.types.add')}
          </button>
        </div>
      </div>
      <EditingForm editing={editing}>{(row) => <PlanTypeForm row={row} onDone={done} />}</EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        fetchPage={(q) =>
          getAs('/api/plan/management/types', planTypePageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
            background: true,
          })
        }
      />
    </div>
  );
}

function PlanTypeForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [v, setV] = useState({ name: row?.name ?? '', description: row?.description ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = planTypeInputSchema.safeParse(v);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      const opts = { quiet: true, inlineRefusal: true };
      if (row) await putAs(`/api/plan/management/types/${row.id}`, parsed.data, planTypeSchema, opts);
      else await postAs('/api/plan/management/types', parsed.data, planTypeSchema, opts);
      toast('success', t('plans.types.saved'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('plans.types.deleteConfirm', { name: row.name }))) return;
    try {
      await delAs(`/api/plan/management/types/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(row ? 'plans.types.edit' : 'plans.types.add')}
    >
      <div className="form-row">
        <label>
          {t('plans.types.name')}
          <input name="name" autoFocus value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          {errors.name && <span className="form-error">{errors.name}</span>}
        </label>
        <label>
          {t('plans.description')}
          <input
            name="description"
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.target.value })}
          />
          {errors.description && <span className="form-error">{errors.description}</span>}
        </label>
      </div>
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
