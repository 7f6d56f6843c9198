/** UPC and other codes of a product (/api/product/upc-and-codes): the floor finds it by any of them. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_TYPES, productCodeInputSchema } from '../../../domain/schemas/products';
import { ApiFailure } from '../../api/client';
import type { Product } from './types';
import { productDetailSchema } from '../../../domain/schemas/products';
import { delAs, postAs } from '../../api/typed';

export function CodesPanel({ product, onChanged }: { product: Product; onChanged: (p: Product) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codeType, setCodeType] = useState<string>('EAN');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = productCodeInputSchema.safeParse({ code, codeType });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    try {
      onChanged(
        await postAs(`/api/product/upc-and-codes/${product.id}`, parsed.data, productDetailSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      );
      setCode('');
      setError(null);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };
  const remove = async (id: number) => {
    try {
      onChanged(
        await delAs(`/api/product/upc-and-codes/${product.id}/${id}`, productDetailSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      );
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };
  return (
    <section className="card" aria-label={t('products.codesTitle')} data-testid="product-codes">
      <h2>{t('products.codesTitle')}</h2>
      <ul className="plain-list">
        {product.codes.map((c) => (
          <li key={c.id}>
            <code>{c.code}</code> <span className="pill">{c.codeType}</span>{' '}
            {c.primary ? (
              <span className="muted">{t('products.primaryCode')}</span>
            ) : (
              <button type="button" className="btn link" onClick={() => void remove(c.id)}>
                {t('po.remove')}
              </button>
            )}
          </li>
        ))}
        {product.codes.length === 0 && <li className="muted">{t('products.noCodes')}</li>}
      </ul>
      <form className="inline-form" noValidate onSubmit={(e) => void add(e)}>
        <label className="field">
          <span>{t('products.code')}</span>
          <input name="newCode" value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('products.codeType')}</span>
          <select name="codeType" value={codeType} onChange={(e) => setCodeType(e.target.value)}>
            {CODE_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`enums.codeTypes.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          {t('products.addCode')}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
