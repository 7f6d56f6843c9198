/**
 * WFS item setup form (/apps/outbound/wfs-dynamic-form, issue 19): a client (or the warehouse for
 * it) picks the Walmart store and the Dockside product, the form is filled from the product (title,
 * UPC/GTIN, dimensions, weight, its last compliance answers), and the compliance sections open from
 * the answers — batteries only when the item has them, hazmat when it is a chemical or holds a
 * lithium or lead acid battery, expiry and lot when it is perishable. The domain schema the server
 * uses checks the answers before anything is sent; then the form follows Walmart's feed until
 * Walmart has processed it and shows Walmart's errors beside the fields they are about.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { WALMART_ITEM_CATEGORIES } from '../../../domain/schemas/listings';
import { storeRowSchema } from '../../../domain/schemas/stores';
import {
  wfsItemPrefillSchema,
  wfsItemSections,
  wfsItemSetupRecordSchema,
  wfsItemSetupSchema,
  type WfsFieldError,
  type WfsItemPrefill,
} from '../../../domain/schemas/wfs-items';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { useListingProducts } from '../listings/ListingProductFields';
import { ComplianceSections, type FormValues, Field } from './ComplianceSections';

const API = '/api/outbound/wfs/item-setup';
const FOLLOW_MS = 700;

const EMPTY: FormValues = {
  sku: '',
  productName: '',
  brand: '',
  gtin: '',
  price: '',
  category: 'home_other',
  lengthIn: '',
  widthIn: '',
  heightIn: '',
  weightLb: '',
  countryOfOriginAssembly: '',
  hasBatteries: '',
  batteryTechnologyType: '',
  ionNumberOfBatteries: '',
  batteryWattHour: '',
  ionIncludedBatteryPackaging: '',
  electronicsIndicator: '',
  chemicalAerosolPesticide: '',
  safetyDataSheet: '',
  numberOfHazardousComponents: '',
  isPerishable: '',
  shelfLifeDays: '',
  lotControlled: false,
};

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The form's values from the product's prefill. */
function valuesOf(p: WfsItemPrefill): FormValues {
  const c = p.compliance;
  return {
    ...EMPTY,
    sku: text(p.sku),
    productName: p.productName,
    brand: text(p.brand),
    gtin: text(p.gtin),
    lengthIn: text(p.lengthIn),
    widthIn: text(p.widthIn),
    heightIn: text(p.heightIn),
    weightLb: text(p.weightLb),
    ...(c
      ? {
          countryOfOriginAssembly: text(c.countryOfOriginAssembly),
          hasBatteries: c.hasBatteries,
          batteryTechnologyType: c.hasBatteries === 'Yes' ? text(c.batteryTechnologyType) : '',
          ionNumberOfBatteries: text(c.ionNumberOfBatteries),
          batteryWattHour: text(c.batteryWattHour),
          ionIncludedBatteryPackaging: text(c.ionIncludedBatteryPackaging),
          electronicsIndicator: c.electronicsIndicator,
          chemicalAerosolPesticide: c.chemicalAerosolPesticide,
          safetyDataSheet: text(c.safetyDataSheet),
          numberOfHazardousComponents: text(c.numberOfHazardousComponents),
          isPerishable: c.isPerishable,
          shelfLifeDays: text(c.shelfLifeDays),
          lotControlled: c.lotControlled,
        }
      : {}),
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The request from the form: only the open sections' answers are sent. */
function inputOf(storeId: string, productId: string, v: FormValues) {
  const open = wfsItemSections({
    hasBatteries: opt(v.hasBatteries) as 'Yes' | 'No' | undefined,
    batteryTechnologyType: opt(v.batteryTechnologyType) as never,
    chemicalAerosolPesticide: opt(v.chemicalAerosolPesticide) as 'Yes' | 'No' | undefined,
    isPerishable: opt(v.isPerishable) as 'Yes' | 'No' | undefined,
  });
  return {
    storeId: num(storeId),
    productId: num(productId),
    sku: v.sku,
    productName: v.productName,
    brand: v.brand,
    gtin: v.gtin,
    price: num(v.price),
    category: v.category,
    lengthIn: num(v.lengthIn),
    widthIn: num(v.widthIn),
    heightIn: num(v.heightIn),
    weightLb: num(v.weightLb),
    countryOfOriginAssembly: opt(v.countryOfOriginAssembly),
    hasBatteries: opt(v.hasBatteries),
    electronicsIndicator: opt(v.electronicsIndicator),
    chemicalAerosolPesticide: opt(v.chemicalAerosolPesticide),
    isPerishable: opt(v.isPerishable),
    ...(open.batteries ? { batteryTechnologyType: opt(v.batteryTechnologyType) } : {}),
    ...(open.lithiumIon
      ? {
          ionNumberOfBatteries: num(v.ionNumberOfBatteries),
          batteryWattHour: num(v.batteryWattHour),
          ionIncludedBatteryPackaging: opt(v.ionIncludedBatteryPackaging),
        }
      : {}),
    ...(open.hazmat
      ? { safetyDataSheet: opt(v.safetyDataSheet), numberOfHazardousComponents: num(v.numberOfHazardousComponents) }
      : {}),
    ...(open.expiry ? { shelfLifeDays: num(v.shelfLifeDays), lotControlled: v.lotControlled } : {}),
  };
}

export default function WfsItemFormPage() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const stores = useQuery({
    queryKey: ['stores'],
    queryFn: () => getAs('/api/common/stores', z.array(storeRowSchema)),
  });
  const walmart = (stores.data ?? []).filter((s) => s.marketplace === 'walmart');
  const [storeId, setStoreId] = useState('');
  const store = walmart.find((s) => String(s.id) === storeId);
  const [productId, setProductId] = useState('');
  const products = useListingProducts(store?.companyId ?? 0, productId);
  const [v, setV] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [walmartErrors, setWalmartErrors] = useState<WfsFieldError[]>([]);
  const [following, setFollowing] = useState<string | null>(null);
  const open = useRef(true);
  useEffect(() => () => void (open.current = false), []);

  // A single Walmart store is chosen for the user.
  useEffect(() => {
    if (!storeId && walmart.length === 1) setStoreId(String(walmart[0].id));
  }, [storeId, walmart]);

  const prefill = useQuery({
    queryKey: ['wfs-item-prefill', storeId, productId],
    enabled: !!storeId && !!productId,
    queryFn: () => getAs(`${API}/stores/${storeId}/products/${productId}`, wfsItemPrefillSchema),
  });
  useEffect(() => {
    if (prefill.data) {
      setV(valuesOf(prefill.data));
      setErrors({});
      setWalmartErrors([]);
    }
  }, [prefill.data]);

  const follow = async (id: number, sku: string) => {
    for (;;) {
      await new Promise((r) => setTimeout(r, FOLLOW_MS));
      if (!open.current) return;
      const rec = await getAs(`${API}/${id}`, wfsItemSetupRecordSchema, { background: true });
      if (rec.status === 'IN_PROGRESS') continue;
      if (rec.status === 'SUCCESS') toast('success', t('wfsItemForm.accepted', { sku }));
      else setWalmartErrors(rec.errors);
      return;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setWalmartErrors([]);
    const parsed = wfsItemSetupSchema.safeParse(inputOf(storeId, productId, v));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
      if (found.storeId) found.storeId = t('wfsItemForm.storeRequired');
      if (found.productId) found.productId = t('wfsItemForm.productRequired');
      return setErrors(found);
    }
    setErrors({});
    setFollowing(t('wfsItemForm.sending'));
    try {
      const sent = await postAs(API, parsed.data, wfsItemSetupRecordSchema, { quiet: true, inlineRefusal: true });
      setFollowing(t('wfsItemForm.processing', { sku: sent.sku }));
      await follow(sent.id, sent.sku);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      if (open.current) setFollowing(null);
    }
  };

  // Walmart's errors beside their fields; those about no field of the form above the button.
  const shown: Record<string, string> = { ...errors };
  for (const w of walmartErrors) if (w.field !== 'form') shown[w.field] = `${w.message} (Walmart ${w.code})`;
  const general = walmartErrors.filter((w) => w.field === 'form');
  const set = (patch: Partial<FormValues>) => setV({ ...v, ...patch });

  return (
    <section className="page">
      <header className="page-header">
        <h1>{t('wfsItemForm.title')}</h1>
        <p className="muted">{t('wfsItemForm.help')}</p>
      </header>
      {stores.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : walmart.length === 0 ? (
        <p className="empty" data-testid="wfs-item-no-store">
          {t('wfsItemForm.noStores')}
        </p>
      ) : (
        <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="wfs-item-form">
          <div className="form-grid">
            <label className="field">
              <span>{t('wfsItemForm.store')}</span>
              <select
                name="storeId"
                value={storeId}
                aria-invalid={!!shown.storeId}
                onChange={(e) => {
                  setStoreId(e.target.value);
                  setProductId('');
                  setV(EMPTY);
                }}
              >
                <option value="">{t('wfsItemForm.chooseStore')}</option>
                {walmart.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              {shown.storeId && <small className="form-error">{shown.storeId}</small>}
            </label>
            <label className="field">
              <span>{t('listings.findProduct')}</span>
              <input
                name="productSearch"
                value={products.search}
                disabled={!store}
                onChange={(e) => products.setSearch(e.target.value)}
              />
            </label>
            <label className="field">
              <span>{t('listings.product')}</span>
              <select
                name="productId"
                value={productId}
                disabled={!store}
                aria-invalid={!!shown.productId}
                onChange={(e) => setProductId(e.target.value)}
              >
                <option value="">{t('listings.chooseProduct')}</option>
                {products.list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {[p.title, p.msku, p.upc].filter(Boolean).join(' · ')}
                  </option>
                ))}
              </select>
              {shown.productId && <small className="form-error">{shown.productId}</small>}
            </label>
          </div>
          {prefill.isError && (
            <p className="form-error" role="alert">
              {prefill.error.message}
            </p>
          )}
          {productId && prefill.data && (
            <>
              <fieldset className="form-grid" data-testid="wfs-item-basics">
                <legend>{t('wfsItemForm.item')}</legend>
                <Field name="sku" label={t('listings.sku')} v={v} set={set} errors={shown} />
                <Field name="productName" label={t('wfsItemForm.productName')} v={v} set={set} errors={shown} />
                <Field name="brand" label={t('wfsItemForm.brand')} v={v} set={set} errors={shown} />
                <Field name="gtin" label={t('wfsItemForm.gtin')} v={v} set={set} errors={shown} />
                <Field name="price" label={t('listings.price')} v={v} set={set} errors={shown} numeric />
                <label className="field">
                  <span>{t('wfsListings.category')}</span>
                  <select name="category" value={v.category} onChange={(e) => set({ category: e.target.value })}>
                    {Object.entries(WALMART_ITEM_CATEGORIES).map(([key, name]) => (
                      <option key={key} value={key}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
              </fieldset>
              <fieldset className="form-grid" data-testid="wfs-item-dimensions">
                <legend>{t('wfsItemForm.dimensions')}</legend>
                <Field name="lengthIn" label={t('wfsItemForm.lengthIn')} v={v} set={set} errors={shown} numeric />
                <Field name="widthIn" label={t('wfsItemForm.widthIn')} v={v} set={set} errors={shown} numeric />
                <Field name="heightIn" label={t('wfsItemForm.heightIn')} v={v} set={set} errors={shown} numeric />
                <Field name="weightLb" label={t('wfsItemForm.weightLb')} v={v} set={set} errors={shown} numeric />
              </fieldset>
              <ComplianceSections v={v} set={set} errors={shown} />
              {shown.form && (
                <p className="form-error" role="alert">
                  {shown.form}
                </p>
              )}
              {following && (
                <p className="notice" role="status" data-testid="wfs-item-following">
                  {following}
                </p>
              )}
              {walmartErrors.length > 0 && (
                <div role="alert" data-testid="wfs-item-refused">
                  <p className="form-error">{t('wfsItemForm.refused')}</p>
                  <ul>
                    {general.map((w, n) => (
                      <li key={n}>
                        {w.message} <span className="muted">({w.code})</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="button-row">
                <button type="submit" className="btn primary" disabled={!!following}>
                  {t('wfsItemForm.submit')}
                </button>
              </div>
            </>
          )}
        </form>
      )}
    </section>
  );
}
