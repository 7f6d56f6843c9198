/**
 * Cost groups (/apps/finance/cost-group): they group prep materials and charge codes for billing
 * (a code in one group at most; the Charges screen filters by group). List with search, add, edit,
 * delete (only when no material is in the group); each group links to its materials
 * (/apps/prep-materials/items?qCostGroupId=) and to its charges.
 */
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  costGroupInputSchema,
  costGroupPageSchema,
  costGroupSchema,
  type CostGroup as Row,
} from '../../../domain/schemas/prep-materials';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, openColumn, useEditing } from '../../ui/editable-list';
import { FormFooter } from '../../ui/FormFooter';
import { codesByCategory, useChargeCodeName } from '../charges/code-names';

const GRID = 'cost-groups';

export default function CostGroupsPage() {
  const { t } = useTranslation();
  const codeName = useChargeCodeName();
  const { editing, edit, done } = useEditing<Row>(GRID, 'cost-groups-all');

  const columns: ColumnDef<Row, unknown>[] = [
    openColumn<Row>('name', t('prepMaterials.costGroups.name'), edit),
    {
      accessorKey: 'description',
      header: t('prepMaterials.costGroups.description'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'chargeCodes',
      header: t('prepMaterials.costGroups.chargeCodes'),
      enableSorting: false,
      cell: ({ row: { original: r } }) =>
        r.chargeCodes.length ? (
          <Link to="/apps/finance/customer/charges" search={{ costGroupId: r.id } as never} className="btn link">
            {r.chargeCodes.map(codeName).join(', ')}
          </Link>
        ) : (
          '–'
        ),
    },
    {
      accessorKey: 'materialCount',
      header: t('prepMaterials.costGroups.materials'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <Link to="/apps/prep-materials/items" search={{ qCostGroupId: r.id } as never} className="btn link">
          {r.materialCount}
        </Link>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('prepMaterials.costGroups.title')}</h1>
        <div className="button-row">
          <Link to="/apps/prep-materials/items" className="btn">
            {t('prepMaterials.title')}
          </Link>
          <button type="button" className="btn" onClick={() => edit('new')}>
            {t('prepMaterials.costGroups.add')}
          </button>
        </div>
      </div>
      <EditingForm editing={editing}>{(row) => <CostGroupForm row={row} onDone={done} />}</EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        fetchPage={(q) =>
          getAs('/api/finance/cost-group', costGroupPageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
            background: true,
          })
        }
      />
    </div>
  );
}

function CostGroupForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const codeName = useChargeCodeName();
  const [v, setV] = useState({ name: row?.name ?? '', description: row?.description ?? '' });
  const [codes, setCodes] = useState<Set<string>>(new Set(row?.chargeCodes ?? []));
  const toggle = (code: string) =>
    setCodes((c) => {
      const next = new Set(c);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = costGroupInputSchema.safeParse({
      name: v.name,
      description: v.description.trim() || null,
      chargeCodes: [...codes],
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      if (row)
        await putAs(`/api/finance/cost-group/${row.id}`, parsed.data, costGroupSchema, {
          quiet: true,
          inlineRefusal: true,
        });
      else await postAs('/api/finance/cost-group', parsed.data, costGroupSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('prepMaterials.costGroups.saved'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('prepMaterials.costGroups.deleteConfirm', { name: row.name }))) return;
    try {
      await delAs(`/api/finance/cost-group/${row.id}`, deletedSchema, { quiet: true, inlineRefusal: true });
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
      aria-label={t(row ? 'prepMaterials.costGroups.editTitle' : 'prepMaterials.costGroups.add')}
    >
      <div className="form-row">
        <label>
          {t('prepMaterials.costGroups.name')}
          <input name="name" autoFocus value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          {errors.name && <span className="form-error">{errors.name}</span>}
        </label>
        <label>
          {t('prepMaterials.costGroups.description')}
          <input
            name="description"
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.target.value })}
          />
          {errors.description && <span className="form-error">{errors.description}</span>}
        </label>
      </div>
      <fieldset className="code-picker">
        <legend>{t('prepMaterials.costGroups.chargeCodes')}</legend>
        <p className="muted">{t('prepMaterials.costGroups.chargeCodesHint')}</p>
        {codesByCategory().map(([category, list]) => {
          const chosen = list.filter((c) => codes.has(c)).length;
          return (
            <details key={category} open={chosen > 0}>
              <summary>
                {t(`charges.categories.${category}`)}
                {chosen > 0 && <span className="badge">{chosen}</span>}
              </summary>
              {list.map((code) => (
                <label key={code} className="check">
                  <input
                    type="checkbox"
                    name="chargeCodes"
                    value={code}
                    checked={codes.has(code)}
                    onChange={() => toggle(code)}
                  />
                  {codeName(code)}
                </label>
              ))}
            </details>
          );
        })}
        {errors.chargeCodes && <span className="form-error">{errors.chargeCodes}</span>}
      </fieldset>
      <FormFooter
        error={errors.form}
        saveLabel={t('prepMaterials.save')}
        cancelLabel={t('prepMaterials.cancel')}
        onCancel={onDone}
        deleteLabel={t('prepMaterials.delete')}
        onDelete={row ? () => void remove() : undefined}
      />
    </form>
  );
}
