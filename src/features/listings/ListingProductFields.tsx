/**
 * What listing a product on Amazon and on Walmart ask alike: find one of the store's client's
 * products, the seller SKU (the product's MSKU when left empty) and the price — and the form's
 * errors in the screen's words.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodError } from 'zod';
import { productPageSchema, type ProductRow } from '../../../domain/schemas/products';
import { getAs } from '../../api/typed';

export interface ListingProductValues {
  productId: string;
  sku: string;
  price: string;
}
export const emptyListingProduct: ListingProductValues = { productId: '', sku: '', price: '' };

/** The client's products matching the search (20 at a time), and the one chosen. */
export function useListingProducts(companyId: number, productId: string) {
  const [search, setSearch] = useState('');
  const products = useQuery({
    queryKey: ['listing-products', companyId, search],
    queryFn: () =>
      getAs('/api/product/products', productPageSchema, {
        query: { pageNumber: 1, pageSize: 20, q: search || undefined, companyId },
        background: true,
      }),
  });
  const list = products.data?.content ?? [];
  return { search, setSearch, list, chosen: list.find((p) => String(p.id) === productId) };
}
export type ListingProducts = ReturnType<typeof useListingProducts>;

/** The request's shared fields from the form's text. */
export const listingProductInput = (v: ListingProductValues) => ({
  productId: v.productId ? Number(v.productId) : undefined,
  sku: v.sku.trim() || undefined,
  price: v.price === '' ? undefined : Number(v.price),
});

/** A refused parse as one message per field, the shared fields in the screen's words. */
export function listingFieldErrors(issues: ZodError['issues'], t: (key: string) => string): Record<string, string> {
  const words: Record<string, string> = {
    productId: t('listings.productRequired'),
    price: t('listings.priceRequired'),
  };
  return Object.fromEntries(issues.map((i) => [String(i.path[0]), words[String(i.path[0])] ?? i.message]));
}

export function ListingProductFields({
  products,
  value: v,
  onChange,
  errors,
  describe,
}: {
  products: ListingProducts;
  value: ListingProductValues;
  onChange: (v: ListingProductValues) => void;
  errors: Record<string, string>;
  /** How a product reads in the list (the codes that marketplace goes by). */
  describe: (p: ProductRow) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        <span>{t('listings.findProduct')}</span>
        <input name="productSearch" value={products.search} onChange={(e) => products.setSearch(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('listings.product')}</span>
        <select
          name="productId"
          value={v.productId}
          aria-invalid={!!errors.productId}
          onChange={(e) => onChange({ ...v, productId: e.target.value })}
        >
          <option value="">{t('listings.chooseProduct')}</option>
          {products.list.map((p) => (
            <option key={p.id} value={p.id}>
              {describe(p)}
            </option>
          ))}
        </select>
        {errors.productId && <small className="form-error">{errors.productId}</small>}
      </label>
      <label className="field">
        <span>{t('listings.sku')}</span>
        <input
          name="sku"
          value={v.sku}
          placeholder={products.chosen?.msku ?? ''}
          aria-invalid={!!errors.sku}
          onChange={(e) => onChange({ ...v, sku: e.target.value })}
        />
        {errors.sku && <small className="form-error">{errors.sku}</small>}
      </label>
      <label className="field">
        <span>{t('listings.price')}</span>
        <input
          name="price"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={v.price}
          aria-invalid={!!errors.price}
          onChange={(e) => onChange({ ...v, price: e.target.value })}
        />
        {errors.price && <small className="form-error">{errors.price}</small>}
      </label>
    </>
  );
}
