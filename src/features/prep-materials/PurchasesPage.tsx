/**
 * Prep material purchases (/apps/prep-materials/purchase, optional ?qPrepMaterialId= preselects
 * the material): record a purchase (stock in, the material's last cost) and the past purchases.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  prepMaterialPageSchema,
  prepMaterialPurchaseInputSchema,
  prepMaterialPurchasePageSchema,
  prepMaterialPurchaseSchema,
  type PrepMaterialPurchase as Row,
} from '../../../domain/schemas/prep-materials';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { useFormat } from '../../ui/format';
import { DateField } from '../../ui/DateField';

const GRID = 'prep-material-purchases';
const today = () => new Date().toISOString().slice(0, 10);

export default function PurchasesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const search = useSearch({ strict: false }) as { qPrepMaterialId?: string | number };
  const preselected = search.qPrepMaterialId ? String(search.qPrepMaterialId) : '';
  const materials = useQuery({
    queryKey: ['prep-materials-all'],
    queryFn: () =>
      getAs('/api/prep-material/prep-material-item', prepMaterialPageSchema, {
        query: { pageNumber: 1, pageSize: 200, active: 'true' },
        quiet: true,
      }),
  });
  const [v, setV] = useState({
    materialId: preselected,
    quantity: '',
    unitCost: '',
    supplier: '',
    reference: '',
    purchasedOn: today(),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState(preselected);

  const chosen = materials.data?.content.find((m) => String(m.id) === v.materialId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = prepMaterialPurchaseInputSchema.safeParse({
      ...v,
      materialId: v.materialId || undefined,
      quantity: v.quantity.trim() === '' ? undefined : v.quantity,
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      const r = await postAs('/api/prep-material/purchase', parsed.data, prepMaterialPurchaseSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('prepMaterials.purchases.recorded', { code: r.materialCode, onHand: r.onHand ?? 0 }));
      setV({ ...v, quantity: '', reference: '' });
      void qc.invalidateQueries({ queryKey: [GRID] });
      void qc.invalidateQueries({ queryKey: ['prep-materials-all'] });
      void qc.invalidateQueries({ queryKey: ['prep-materials'] });
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'purchasedOn',
      header: t('prepMaterials.purchases.purchasedOn'),
      enableSorting: false,
      cell: ({ getValue }) => f.day(getValue() as string),
    },
    {
      accessorKey: 'materialCode',
      header: t('prepMaterials.code'),
      enableSorting: false,
      cell: ({ row: { original: r } }) => `${r.materialCode} · ${r.materialName}`,
    },
    {
      accessorKey: 'quantity',
      header: t('prepMaterials.purchases.quantity'),
      enableSorting: false,
      cell: ({ getValue }) => f.number(getValue() as number),
    },
    {
      accessorKey: 'unitCost',
      header: t('prepMaterials.purchases.unitCost'),
      enableSorting: false,
      cell: ({ getValue }) => f.price(getValue() as string | null),
    },
    {
      accessorKey: 'supplier',
      header: t('prepMaterials.purchases.supplier'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
    {
      accessorKey: 'reference',
      header: t('prepMaterials.purchases.reference'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() as string | null) ?? '–',
    },
  ];

  const input = (name: 'quantity' | 'unitCost' | 'supplier' | 'reference', extra: Record<string, unknown> = {}) => (
    <label>
      {t(`prepMaterials.purchases.${name}`)}
      <input name={name} value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...extra} />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('prepMaterials.purchases.title')}</h1>
        <div className="button-row">
          <Link to="/apps/prep-materials/items" className="btn">
            {t('prepMaterials.title')}
          </Link>
        </div>
      </div>
      <form
        className="card form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={t('prepMaterials.purchases.new')}
      >
        <h2>{t('prepMaterials.purchases.new')}</h2>
        {materials.isLoading && <p className="muted">{t('app.loading')}</p>}
        {materials.isError && (
          <p className="form-error" role="alert">
            {t('grid.error')}
          </p>
        )}
        {materials.data && materials.data.content.length === 0 && (
          <p className="muted">
            {t('prepMaterials.purchases.noMaterials')}{' '}
            <Link to="/apps/prep-materials/items">{t('prepMaterials.add')}</Link>
          </p>
        )}
        <div className="form-row">
          <label>
            {t('prepMaterials.purchases.material')}
            <select name="materialId" value={v.materialId} onChange={(e) => setV({ ...v, materialId: e.target.value })}>
              <option value="">{t('prepMaterials.purchases.chooseMaterial')}</option>
              {materials.data?.content.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.code} · {m.name}
                </option>
              ))}
            </select>
            {errors.materialId && <span className="form-error">{errors.materialId}</span>}
          </label>
          {input('quantity', { type: 'number', min: 1, inputMode: 'numeric' })}
          {input('unitCost', { inputMode: 'decimal', placeholder: chosen?.lastCost ?? chosen?.costPrice ?? '0.00' })}
          <label>
            {t('prepMaterials.purchases.purchasedOn')}
            <DateField
              name="purchasedOn"
              value={v.purchasedOn}
              onChange={(purchasedOn) => setV({ ...v, purchasedOn })}
            />
            {errors.purchasedOn && <span className="form-error">{errors.purchasedOn}</span>}
          </label>
        </div>
        <div className="form-row">
          {input('supplier')}
          {input('reference')}
        </div>
        {chosen && (
          <p data-testid="purchase-on-hand">
            {t('prepMaterials.onHand')}: {chosen.onHand} {chosen.unitOfMeasure}
          </p>
        )}
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn primary">
            {t('prepMaterials.purchases.record')}
          </button>
        </div>
      </form>
      <DataGrid<Row>
        id={GRID}
        columns={columns}
        searchable={false}
        filters={{ filter }}
        fetchPage={(q) =>
          getAs('/api/prep-material/purchase', prepMaterialPurchasePageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, qPrepMaterialId: filter || undefined },
            background: true,
          })
        }
        toolbar={
          <select
            aria-label={t('prepMaterials.purchases.material')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          >
            <option value="">{t('prepMaterials.purchases.allMaterials')}</option>
            {materials.data?.content.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.code}
              </option>
            ))}
          </select>
        }
      />
    </div>
  );
}
