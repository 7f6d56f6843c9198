/**
 * Product Catalog (/apps/product/products): a client's products by type, found by title or any
 * code; add and edit products, their extra codes, and open bundles on the bundle screen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES } from '../../../domain/schemas/products';
import { ApiFailure, del } from '../../api/client';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { DataGrid } from '../../ui/DataGrid';
import { ClientFilter } from '../inventory/ClientChoice';
import { CodesPanel } from './CodesPanel';
import { ProductCustomsDefaults } from '../customs/ProductCustomsDefaults';
import { ProductForm } from './ProductForm';
import type { Product, ProductListRow } from './types';
import { productDetailSchema, productPageSchema } from '../../../domain/schemas/products';
import { getAs } from '../../api/typed';
import { formatNumber } from '../../../domain/format';

const GRID = 'products';
const dims = (p: ProductListRow) =>
  p.lengthIn && p.widthIn && p.heightIn ? `${p.lengthIn} × ${p.widthIn} × ${p.heightIn}` : '–';

export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  // ?q= opens the list already searched (an order line's "find its product" link).
  const searched = (useSearch({ strict: false }) as { q?: unknown }).q;
  const initialSearch = searched === undefined || searched === null ? '' : String(searched);
  const [companyId, setCompanyId] = useState('');
  const [productType, setProductType] = useState('all');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: [GRID] });
  const open = useQuery({
    queryKey: ['product', editing],
    enabled: typeof editing === 'number',
    queryFn: () => getAs(`/api/product/products/${editing}`, productDetailSchema),
  });

  const columns: ColumnDef<ProductListRow, unknown>[] = [
    { accessorKey: 'title', header: t('po.fields.title'), enableSorting: false },
    {
      accessorKey: 'productType',
      header: t('products.fields.productType'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => `${t(`products.types.${p.productType}`)}${p.items ? ` (${p.items})` : ''}`,
    },
    {
      id: 'codes',
      header: t('po.codes'),
      enableSorting: false,
      cell: ({ row: { original: p } }) => (
        <span className="codes">{[p.asin, p.fnsku, p.msku, p.upc].filter(Boolean).join(' · ')}</span>
      ),
    },
    ...(warehouse
      ? [
          {
            id: 'client',
            header: t('po.client'),
            enableSorting: false,
            cell: ({ row: { original: p } }) => `${p.accountNo} ${p.companyName}`,
          } as ColumnDef<ProductListRow, unknown>,
        ]
      : []),
    { id: 'dims', header: t('products.dims'), enableSorting: false, cell: ({ row: { original: p } }) => dims(p) },
    {
      accessorKey: 'cubicFeet',
      header: t('products.cubicFeet'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() === null ? '–' : formatNumber(i18n.language, Number(getValue()))),
    },
    {
      accessorKey: 'weightLb',
      header: t('products.fields.weightLb'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ?? '–') as string,
    },
    {
      accessorKey: 'category',
      header: t('products.fields.category'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ?? '–') as string,
    },
  ];

  const remove = async (p: Product) => {
    if (!window.confirm(t('products.deleteConfirm', { title: p.title }))) return;
    try {
      await del(`/api/product/products/${p.id}`, { quiet: true, inlineRefusal: true });
      toast('success', t('products.deleted'));
      setEditing(null);
      refresh();
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
  };

  return (
    <div className="page">
      <h1>{t('nav.ProductCatalog')}</h1>
      <div className="button-row">
        <button type="button" className="btn primary" onClick={() => setEditing('new')}>
          {t('products.create')}
        </button>
        <Link className="btn" to="/apps/product/products/create-bundle">
          {t('products.createBundle')}
        </Link>
        {warehouse && <ClientFilter name="companyFilter" value={companyId} onChange={setCompanyId} />}
      </div>
      <nav className="tabs" aria-label={t('products.fields.productType')}>
        {(['all', ...PRODUCT_TYPES] as string[]).map((p) => (
          <button
            key={p}
            type="button"
            className={`tab ${p === productType ? 'active' : ''}`}
            aria-pressed={p === productType}
            onClick={() => setProductType(p)}
          >
            {p === 'all' ? t('grid.all') : t(`products.types.${p}`)}
          </button>
        ))}
      </nav>
      {editing === 'new' && (
        <ProductForm
          onSaved={(p) => {
            toast('success', t('products.saved'));
            setEditing(p.id);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {typeof editing === 'number' && open.data && (
        <>
          <ProductForm
            key={`${open.data.id}-${open.dataUpdatedAt}`}
            product={open.data}
            onSaved={(p) => {
              toast('success', t('products.saved'));
              qc.setQueryData(['product', p.id], p);
              refresh();
            }}
            onCancel={() => setEditing(null)}
          />
          <CodesPanel
            product={open.data}
            onChanged={(p) => {
              qc.setQueryData(['product', p.id], p);
              refresh();
            }}
          />
          <ProductCustomsDefaults productId={open.data.id} />
          <div className="button-row">
            <button type="button" className="btn danger" onClick={() => void remove(open.data!)}>
              {t('products.delete')}
            </button>
          </div>
        </>
      )}
      <DataGrid<ProductListRow>
        id={GRID}
        columns={columns}
        initialSearch={initialSearch}
        filters={{ companyId, productType }}
        onRowOpen={(p) => setEditing(p.id)}
        fetchPage={(q) =>
          getAs('/api/product/products', productPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              companyId: companyId || undefined,
              productType,
            },
            background: true,
          })
        }
      />
    </div>
  );
}
