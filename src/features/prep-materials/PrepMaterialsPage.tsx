/**
 * Prep materials (/apps/prep-materials/items, optional ?qCostGroupId=): boxes, poly bags, bubble
 * wrap, tape, labels with their stock on hand and a low-stock marker; add and edit (checked in
 * place with the domain schema), a cost-group filter, links to purchases and cost groups.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deletedSchema } from '../../../domain/schemas/common';
import {
  costGroupPageSchema,
  BAG_KINDS,
  PREP_MATERIAL_KINDS,
  prepMaterialInputSchema,
  prepMaterialPageSchema,
  prepMaterialSchema,
  type PrepMaterial as Row,
} from '../../../domain/schemas/prep-materials';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { EditingForm, openColumn, useEditing } from '../../ui/editable-list';
import { CountForm } from './CountForm';
import { FormFooter } from '../../ui/FormFooter';
import { useFormat } from '../../ui/format';

const GRID = 'prep-materials';

/** The warehouse's cost groups (for the filter and the form's select). */
export function useCostGroups() {
  return useQuery({
    queryKey: ['cost-groups-all'],
    queryFn: () =>
      getAs('/api/finance/cost-group', costGroupPageSchema, { query: { pageNumber: 1, pageSize: 200 }, quiet: true }),
  });
}

export default function PrepMaterialsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { qCostGroupId?: string | number };
  const costGroupId = search.qCostGroupId ? String(search.qCostGroupId) : '';
  const groups = useCostGroups();
  const { editing, edit, done, reload } = useEditing<Row>(GRID);
  const [counting, setCounting] = useState<Row | null>(null);
  const [lowStock, setLowStock] = useState('');

  const columns: ColumnDef<Row, unknown>[] = [
    openColumn<Row>('code', t('prepMaterials.code'), edit),
    { accessorKey: 'name', header: t('prepMaterials.name'), enableSorting: false },
    {
      accessorKey: 'kind',
      header: t('prepMaterials.kind'),
      enableSorting: false,
      cell: ({ getValue }) => t(`prepMaterials.kinds.${String(getValue())}`),
    },
    {
      accessorKey: 'costGroupName',
      header: t('prepMaterials.costGroup'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'costPrice',
      header: t('prepMaterials.costPrice'),
      enableSorting: false,
      cell: ({ getValue }) => f.price(getValue() as string | null),
    },
    {
      accessorKey: 'clientPrice',
      header: t('prepMaterials.clientPrice'),
      enableSorting: false,
      cell: ({ getValue }) => f.price(getValue() as string | null),
    },
    {
      accessorKey: 'onHand',
      header: t('prepMaterials.onHand'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <span data-testid={`on-hand-${r.code}`}>
          {f.number(r.onHand)} {r.unitOfMeasure}{' '}
          {r.lowStock && (
            <span
              className="badge"
              style={{ background: 'var(--warn)' }}
              title={t('prepMaterials.lowStockHint', { level: r.reorderLevel })}
            >
              {t('prepMaterials.lowStock')}
            </span>
          )}
        </span>
      ),
    },
    {
      accessorKey: 'active',
      header: t('prepMaterials.active'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? t('wms.yes') : t('wms.no')),
    },
    {
      id: 'purchase',
      header: '',
      enableSorting: false,
      cell: ({ row: { original: r } }) => (
        <>
          <Link to="/apps/prep-materials/purchase" search={{ qPrepMaterialId: r.id } as never} className="btn link">
            {t('prepMaterials.recordPurchase')}
          </Link>{' '}
          <button
            type="button"
            className="btn link"
            onClick={() => setCounting(r)}
            data-testid="prep-material-count-open"
          >
            {t('prepMaterials.countForm.action')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('prepMaterials.title')}</h1>
        <div className="button-row">
          <Link to="/apps/finance/cost-group" className="btn">
            {t('prepMaterials.costGroups.title')}
          </Link>
          <Link to="/apps/prep-materials/purchase" className="btn">
            {t('prepMaterials.purchases.title')}
          </Link>
          <button type="button" className="btn" onClick={() => edit('new')}>
            {t('prepMaterials.add')}
          </button>
        </div>
      </div>
      {counting && (
        <CountForm
          key={counting.id}
          row={counting}
          onDone={(changed) => {
            setCounting(null);
            if (changed) reload();
          }}
        />
      )}
      <EditingForm editing={editing}>{(row) => <MaterialForm row={row} onDone={done} />}</EditingForm>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        filters={{ costGroupId, lowStock }}
        fetchPage={(q) =>
          getAs('/api/prep-material/prep-material-item', prepMaterialPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              qCostGroupId: costGroupId || undefined,
              lowStock: lowStock || undefined,
            },
            background: true,
          })
        }
        toolbar={
          <>
            <select
              aria-label={t('prepMaterials.lowStock')}
              name="lowStock"
              value={lowStock}
              onChange={(e) => setLowStock(e.target.value)}
            >
              <option value="">{t('prepMaterials.anyStock')}</option>
              <option value="true">{t('prepMaterials.lowStockOnly')}</option>
            </select>
            <select
              aria-label={t('prepMaterials.costGroup')}
              name="qCostGroupId"
              value={costGroupId}
              onChange={(e) =>
                void navigate({
                  to: '/apps/prep-materials/items',
                  search: (e.target.value ? { qCostGroupId: e.target.value } : {}) as never,
                })
              }
            >
              <option value="">{t('prepMaterials.anyCostGroup')}</option>
              {groups.data?.content.map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name}
                </option>
              ))}
            </select>
          </>
        }
      />
    </div>
  );
}

type Field =
  | 'name'
  | 'code'
  | 'unitOfMeasure'
  | 'costPrice'
  | 'clientPrice'
  | 'lengthIn'
  | 'widthIn'
  | 'heightIn'
  | 'reorderLevel';

function MaterialForm({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useFeedback((s) => s.toast);
  const groups = useCostGroups();
  const [v, setV] = useState({
    name: row?.name ?? '',
    code: row?.code ?? '',
    kind: row?.kind ?? 'box',
    unitOfMeasure: row?.unitOfMeasure ?? t('prepMaterials.each'),
    costGroupId: row?.costGroupId ? String(row.costGroupId) : '',
    costPrice: row?.costPrice ?? '',
    clientPrice: row?.clientPrice ?? '',
    lengthIn: row?.lengthIn ?? '',
    widthIn: row?.widthIn ?? '',
    heightIn: row?.heightIn ?? '',
    reorderLevel: row ? String(row.reorderLevel) : '0',
    active: row?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isBag = BAG_KINDS.includes(v.kind);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = prepMaterialInputSchema.safeParse({
      ...v,
      costGroupId: v.costGroupId ? Number(v.costGroupId) : null,
      reorderLevel: v.reorderLevel.trim() === '' ? 0 : v.reorderLevel,
      // Sizes only where the kind has them: a box's three, a bag's length and width.
      ...(v.kind === 'box' ? {} : isBag ? { heightIn: '' } : { lengthIn: '', widthIn: '', heightIn: '' }),
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      if (row)
        await putAs(`/api/prep-material/prep-material-item/${row.id}`, parsed.data, prepMaterialSchema, {
          quiet: true,
          inlineRefusal: true,
        });
      else
        await postAs('/api/prep-material/prep-material-item', parsed.data, prepMaterialSchema, {
          quiet: true,
          inlineRefusal: true,
        });
      toast('success', t('prepMaterials.saved'));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!row || !window.confirm(t('prepMaterials.deleteConfirm', { code: row.code }))) return;
    try {
      await delAs(`/api/prep-material/prep-material-item/${row.id}`, deletedSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const field = (name: Field, extra: Record<string, unknown> = {}) => (
    <label>
      {t(`prepMaterials.${name}`)}
      <input name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...extra} />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t(row ? 'prepMaterials.editTitle' : 'prepMaterials.add')}
    >
      <div className="form-row">
        {field('code', { autoFocus: true })}
        {field('name')}
        <label>
          {t('prepMaterials.kind')}
          <select name="kind" value={v.kind} onChange={(e) => setV({ ...v, kind: e.target.value as Row['kind'] })}>
            {PREP_MATERIAL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`prepMaterials.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {field('unitOfMeasure')}
      </div>
      <div className="form-row">
        <label>
          {t('prepMaterials.costGroup')}
          <select
            name="costGroupId"
            value={v.costGroupId}
            onChange={(e) => setV({ ...v, costGroupId: e.target.value })}
          >
            <option value="">{t('prepMaterials.noCostGroup')}</option>
            {groups.data?.content.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        {field('costPrice', { inputMode: 'decimal', placeholder: '0.00' })}
        {field('clientPrice', { inputMode: 'decimal', placeholder: '0.00' })}
        {field('reorderLevel', { type: 'number', min: 0 })}
      </div>
      {(v.kind === 'box' || isBag) && (
        <div className="form-row">
          {field('lengthIn', { inputMode: 'decimal' })}
          {field('widthIn', { inputMode: 'decimal' })}
          {v.kind === 'box' && field('heightIn', { inputMode: 'decimal' })}
        </div>
      )}
      {isBag && <p className="muted">{t('prepMaterials.bagSizeHint')}</p>}
      {row?.lastCost && (
        <p>
          {t('prepMaterials.lastCost')}: {f.price(row.lastCost)}
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          name="active"
          checked={v.active}
          onChange={(e) => setV({ ...v, active: e.target.checked })}
        />
        {t('prepMaterials.active')}
      </label>
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
