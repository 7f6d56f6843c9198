/**
 * Add or edit a product: codes, type and packing, dimensions and weight (cubic feet shown as
 * typed), category and manufacturer with suggestions; "Next SKU" takes the client's MSKU formula.
 * Bundles and multi-packs keep their items on the bundle screen.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cubicFeet } from '../../../domain/rules/products';
import { PACKINGS, PRODUCT_TYPES, productInputSchema } from '../../../domain/schemas/products';
import { ApiFailure } from '../../api/client';
import { useSession } from '../../app/session';
import { ClientChoice } from '../inventory/ClientChoice';
import { issuesByField, type Product } from './types';
import { distinctValuesSchema, nextMskuSchema, productDetailSchema } from '../../../domain/schemas/products';
import { getAs, postAs, putAs } from '../../api/typed';

const TEXT_FIELDS = [
  'title',
  'asin',
  'fnsku',
  'msku',
  'upc',
  'category',
  'manufacturer',
  'lengthIn',
  'widthIn',
  'heightIn',
  'weightLb',
  'packSize',
] as const;
type Values = Record<(typeof TEXT_FIELDS)[number], string> & {
  productType: string;
  packing: string;
  imageUrls: string;
};

const toValues = (p?: Product): Values => ({
  title: p?.title ?? '',
  asin: p?.asin ?? '',
  fnsku: p?.fnsku ?? '',
  msku: p?.msku ?? '',
  upc: p?.upc ?? '',
  category: p?.category ?? '',
  manufacturer: p?.manufacturer ?? '',
  lengthIn: p?.lengthIn?.toString() ?? '',
  widthIn: p?.widthIn?.toString() ?? '',
  heightIn: p?.heightIn?.toString() ?? '',
  weightLb: p?.weightLb?.toString() ?? '',
  packSize: String(p?.packSize ?? 1),
  productType: p?.productType ?? 'individual',
  packing: p?.packing ?? 'individual',
  imageUrls: (p?.imageUrls ?? []).join('\n'),
});

export function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product?: Product;
  onSaved: (p: Product) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [companyId, setCompanyId] = useState<number | null>(product?.companyId ?? null);
  const [v, setV] = useState<Values>(() => toValues(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const categories = useQuery({
    queryKey: ['product-category'],
    queryFn: () => getAs('/api/product/category', distinctValuesSchema, { background: true }),
    staleTime: 60_000,
  });
  const manufacturers = useQuery({
    queryKey: ['product-manufacturer'],
    queryFn: () => getAs('/api/product/manufacturer', distinctValuesSchema, { background: true }),
    staleTime: 60_000,
  });
  const isBundle = v.productType !== 'individual';
  const cubic = cubicFeet({
    lengthIn: Number(v.lengthIn) || null,
    widthIn: Number(v.widthIn) || null,
    heightIn: Number(v.heightIn) || null,
  });

  const nextSku = async () => {
    try {
      const r = await getAs('/api/product/products/next-msku', nextMskuSchema, {
        query: { companyId: companyId ?? undefined },
        quiet: true,
      });
      setV((x) => ({ ...x, msku: r.msku }));
    } catch (err) {
      setErrors({ msku: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = productInputSchema.safeParse({
      ...v,
      companyId: companyId ?? undefined,
      imageUrls: v.imageUrls.split(/\s+/).filter(Boolean),
      components: (product?.components ?? []).map((c) => ({ productId: c.productId, quantity: c.quantity })),
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    if (warehouse && !product && !companyId) return setErrors({ companyId: t('po.clientRequired') });
    setBusy(true);
    try {
      const saved = product
        ? await putAs(`/api/product/products/${product.id}`, parsed.data, productDetailSchema, {
            quiet: true,
            inlineRefusal: true,
          })
        : await postAs('/api/product/products', parsed.data, productDetailSchema, { quiet: true, inlineRefusal: true });
      setErrors({});
      onSaved(saved);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: (typeof TEXT_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <label>
      {t(`products.fields.${name}`)}
      <input
        name={name}
        value={v[name]}
        onChange={(e) => setV({ ...v, [name]: e.target.value })}
        aria-invalid={!!errors[name]}
        {...extra}
      />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={product ? t('products.edit') : t('products.create')}
      data-testid="product-form"
    >
      <h2>{product ? t('products.editTitle', { title: product.title }) : t('products.create')}</h2>
      <div className="form-row">
        {warehouse && !product && <ClientChoice value={companyId} onChange={setCompanyId} error={errors.companyId} />}
        {field('title', { maxLength: 500 })}
        <label>
          {t('products.fields.productType')}
          <select
            name="productType"
            value={v.productType}
            disabled={!!product && isBundle}
            onChange={(e) => setV({ ...v, productType: e.target.value })}
          >
            {PRODUCT_TYPES.filter((p) => !product || !isBundle || p === v.productType).map((p) => (
              <option key={p} value={p} disabled={!product && p !== 'individual'}>
                {t(`products.types.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('products.fields.packing')}
          <select name="packing" value={v.packing} onChange={(e) => setV({ ...v, packing: e.target.value })}>
            {PACKINGS.map((p) => (
              <option key={p} value={p}>
                {t(`products.packings.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {v.packing === 'case_packed' && field('packSize', { inputMode: 'numeric' })}
      </div>
      {isBundle && product && (
        <p className="muted">
          {t('products.bundleItems', { count: product.components.length })}{' '}
          <Link to="/apps/product/products/create-bundle" search={{ productId: product.id }}>
            {t('products.editItems')}
          </Link>
        </p>
      )}
      {!product && (
        <p className="muted">
          {t('products.bundleHint')} <Link to="/apps/product/products/create-bundle">{t('products.createBundle')}</Link>
        </p>
      )}
      <div className="form-row">
        {field('asin', { maxLength: 10 })}
        {field('fnsku', { maxLength: 10 })}
        <label>
          {t('products.fields.msku')}
          <span className="input-with-button">
            <input
              name="msku"
              value={v.msku}
              onChange={(e) => setV({ ...v, msku: e.target.value })}
              aria-invalid={!!errors.msku}
            />
            <button type="button" className="btn" onClick={() => void nextSku()}>
              {t('products.nextSku')}
            </button>
          </span>
          {errors.msku && <span className="form-error">{errors.msku}</span>}
        </label>
        {field('upc', { inputMode: 'numeric', maxLength: 14 })}
      </div>
      <div className="form-row">
        {field('lengthIn', { inputMode: 'decimal' })}
        {field('widthIn', { inputMode: 'decimal' })}
        {field('heightIn', { inputMode: 'decimal' })}
        {field('weightLb', { inputMode: 'decimal' })}
        <p className="muted" data-testid="cubic-feet">
          {cubic === null ? t('products.cubicUnknown') : t('products.cubic', { value: cubic })}
        </p>
      </div>
      <div className="form-row">
        {field('category', { list: 'product-categories' })}
        {field('manufacturer', { list: 'product-manufacturers' })}
        <label className="grow">
          {t('products.fields.imageUrls')}
          <textarea
            name="imageUrls"
            rows={2}
            value={v.imageUrls}
            onChange={(e) => setV({ ...v, imageUrls: e.target.value })}
            aria-invalid={!!errors.imageUrls}
          />
          {errors.imageUrls && <span className="form-error">{errors.imageUrls}</span>}
        </label>
      </div>
      <datalist id="product-categories">
        {(categories.data ?? []).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <datalist id="product-manufacturers">
        {(manufacturers.data ?? []).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('products.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
