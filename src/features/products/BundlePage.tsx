/**
 * Create (or edit) a bundle (/apps/product/products/create-bundle[?productId=]): a bundle, custom
 * bundle or multi-pack of the client's individual products. The domain rule speaks at once: a
 * multi-pack is one product at least twice; an empty bundle prompts to add an item.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { componentsError } from '../../../domain/rules/products';
import { productInputSchema, type ProductType } from '../../../domain/schemas/products';
import { ApiFailure, post, put } from '../../api/client';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { ClientChoice } from '../inventory/ClientChoice';
import { issuesByField, type ProductListRow } from './types';
import { productDetailSchema, productPageSchema } from '../../../domain/schemas/products';
import { getAs } from '../../api/typed';

const BUNDLE_TYPES: ProductType[] = ['bundle', 'custom_bundle', 'multi_pack'];
interface Item {
  productId: number;
  title: string;
  code: string;
  quantity: string;
}

export default function BundlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useFeedback((s) => s.toast);
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const editId = Number((useSearch({ strict: false }) as { productId?: string | number }).productId) || null;
  const existing = useQuery({
    queryKey: ['product', editId],
    enabled: !!editId,
    queryFn: () => getAs(`/api/product/products/${editId}`, productDetailSchema),
  });
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [v, setV] = useState({
    title: '',
    productType: 'bundle' as ProductType,
    msku: '',
    fnsku: '',
    asin: '',
    upc: '',
  });
  const [items, setItems] = useState<Item[]>([]);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    setCompanyId(p.companyId);
    setV({
      title: p.title,
      productType: p.productType as ProductType,
      msku: p.msku ?? '',
      fnsku: p.fnsku ?? '',
      asin: p.asin ?? '',
      upc: p.upc ?? '',
    });
    setItems(
      p.components.map((c) => ({
        productId: c.productId,
        title: c.title,
        code: c.msku ?? c.fnsku ?? '',
        quantity: String(c.quantity),
      })),
    );
  }, [existing.data]);

  const owner = editId ? existing.data?.companyId : warehouse ? companyId : undefined;
  const candidates = useQuery({
    queryKey: ['bundle-candidates', owner, search],
    enabled: !warehouse || !!owner,
    queryFn: () =>
      getAs('/api/product/products', productPageSchema, {
        query: {
          pageNumber: 1,
          pageSize: 10,
          q: search || undefined,
          companyId: owner ?? undefined,
          productType: 'individual',
        },
        background: true,
      }),
  });

  const components = items.map((i) => ({ productId: i.productId, quantity: Number(i.quantity) }));
  const ruleError = componentsError(v.productType, components, editId ?? undefined);

  const add = (p: ProductListRow) => {
    if (items.some((i) => i.productId === p.id)) return;
    setItems([
      ...items,
      {
        productId: p.id,
        title: p.title,
        code: p.msku ?? p.fnsku ?? p.upc ?? '',
        quantity: v.productType === 'multi_pack' ? '2' : '1',
      },
    ]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = productInputSchema.safeParse({ ...v, companyId: companyId ?? undefined, components });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    if (warehouse && !editId && !companyId) return setErrors({ companyId: t('po.clientRequired') });
    if (ruleError) return setErrors({ items: ruleError });
    setBusy(true);
    try {
      if (editId && existing.data) {
        const p = existing.data;
        await put(
          `/api/product/products/${editId}`,
          {
            ...parsed.data,
            packing: p.packing,
            packSize: p.packSize,
            category: p.category ?? undefined,
            manufacturer: p.manufacturer ?? undefined,
            lengthIn: p.lengthIn ?? undefined,
            widthIn: p.widthIn ?? undefined,
            heightIn: p.heightIn ?? undefined,
            weightLb: p.weightLb ?? undefined,
            imageUrls: p.imageUrls,
          },
          { quiet: true, inlineRefusal: true },
        );
      } else {
        await post('/api/product/products', parsed.data, { quiet: true, inlineRefusal: true });
      }
      toast('success', t('products.saved'));
      void navigate({ to: '/apps/product/products' });
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <h1>{editId ? t('products.editBundle') : t('products.createBundle')}</h1>
      <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('products.createBundle')}>
        <div className="form-row">
          {warehouse && !editId && (
            <ClientChoice
              value={companyId}
              onChange={(id) => {
                setCompanyId(id);
                setItems([]);
              }}
              error={errors.companyId}
            />
          )}
          <label>
            {t('products.fields.title')}
            <input
              name="title"
              value={v.title}
              onChange={(e) => setV({ ...v, title: e.target.value })}
              aria-invalid={!!errors.title}
            />
            {errors.title && <span className="form-error">{errors.title}</span>}
          </label>
          <label>
            {t('products.fields.productType')}
            <select
              name="productType"
              value={v.productType}
              onChange={(e) => setV({ ...v, productType: e.target.value as ProductType })}
            >
              {BUNDLE_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`products.types.${p}`)}
                </option>
              ))}
            </select>
          </label>
          {(['msku', 'fnsku', 'asin', 'upc'] as const).map((f) => (
            <label key={f}>
              {t(`products.fields.${f}`)}
              <input
                name={f}
                value={v[f]}
                onChange={(e) => setV({ ...v, [f]: e.target.value })}
                aria-invalid={!!errors[f]}
              />
              {errors[f] && <span className="form-error">{errors[f]}</span>}
            </label>
          ))}
        </div>

        <h2>{t('products.itemsTitle', { count: items.length })}</h2>
        {items.length === 0 ? (
          <p className="notice" role="status" data-testid="bundle-empty">
            {t('products.emptyBundle')}
          </p>
        ) : (
          <table className="table" data-testid="bundle-items">
            <thead>
              <tr>
                <th>{t('po.fields.title')}</th>
                <th>{t('po.codes')}</th>
                <th>{t('products.quantity')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {items.map((i, n) => (
                <tr key={i.productId}>
                  <td>{i.title}</td>
                  <td>
                    <code>{i.code}</code>
                  </td>
                  <td>
                    <input
                      name={`quantity-${i.productId}`}
                      inputMode="numeric"
                      value={i.quantity}
                      onChange={(e) =>
                        setItems(items.map((x, k) => (k === n ? { ...x, quantity: e.target.value } : x)))
                      }
                      aria-label={t('products.quantityOf', { title: i.title })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn link"
                      onClick={() => setItems(items.filter((_, k) => k !== n))}
                    >
                      {t('po.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {items.length > 0 && ruleError && (
          <p className="form-error" data-testid="bundle-rule">
            {ruleError}
          </p>
        )}
        {errors.items && items.length === 0 && (
          <p className="form-error" role="alert">
            {errors.items}
          </p>
        )}

        <label className="field">
          <span>{t('products.findItem')}</span>
          <input
            type="search"
            name="itemSearch"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            disabled={warehouse && !owner}
            placeholder={warehouse && !owner ? t('po.chooseClient') : undefined}
          />
        </label>
        <ul className="plain-list" data-testid="bundle-candidates">
          {(candidates.data?.content ?? []).map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn link"
                disabled={items.some((i) => i.productId === p.id)}
                onClick={() => add(p)}
              >
                {t('products.addItem', { title: p.title })}
              </button>{' '}
              <span className="codes">{[p.msku, p.fnsku, p.upc].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
          {candidates.data && candidates.data.content.length === 0 && (
            <li className="muted">{t('products.noCandidates')}</li>
          )}
        </ul>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={busy}>
            {t('products.save')}
          </button>
          <button type="button" className="btn" onClick={() => void navigate({ to: '/apps/product/products' })}>
            {t('po.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
