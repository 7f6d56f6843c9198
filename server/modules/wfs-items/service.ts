/**
 * WFS item setup (issue 19): the form's prefill from the client's product, the item sent to Walmart
 * as an MP_WFS_ITEM feed once the answers pass the domain schema (again, here), the feed followed —
 * by the `walmart.feed` operation's poll job (which also puts a successful item in the store's list)
 * and, when the form asks, by reading Walmart's feed status at once — and Walmart's per-item errors
 * kept on the setup, each on the form field it is about. The compliance answers are the product's
 * (product_wfs_compliance): they describe the product whatever the store, and a perishable product
 * is marked as needing an expiry date on its units.
 *
 * Scope: a client reaches only its own company's stores and products (others are 404, as if they did
 * not exist); warehouse staff reach every client of the tenant, but a store and product of two
 * different clients is refused (412).
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  NO_BATTERY,
  type WfsComplianceAnswers,
  type WfsComplianceInput,
  type WfsItemPrefill,
  type WfsItemSetup,
  type WfsItemSetupRecord,
} from '../../../domain/schemas/wfs-items.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { products, productWfsCompliance, wfsItemSetups } from '../../db/schema/index.js';
import { businessRule, notFound } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { ingestionErrorsOf } from '../../integrations/walmart/feeds-models.js';
import type { WfsCompliance } from '../../integrations/walmart/feeds.js';
import { listingStore } from '../listings/service.js';
import { trackOperation } from '../operations/service.js';
import { getProduct } from '../products/service.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { complianceOf, fieldErrorsOf, wfsItemOf } from './feed.js';

type Product = Awaited<ReturnType<typeof getProduct>>;

/** The product's barcode number as a GTIN candidate (the form checks it). */
const gtinOf = (p: Product) =>
  p.upc ?? p.codes.find((c) => c.codeType === 'GTIN' || c.codeType === 'EAN' || c.codeType === 'UPC')?.code ?? null;

/** The caller's Walmart store and the product of the same client, or 404 / 412. */
async function storeAndProduct(deps: Deps, ctx: RequestContext, storeId: number, productId: number) {
  const store = await listingStore(deps, ctx, storeId, 'walmart');
  const product = await getProduct(deps, ctx, productId);
  if (product.companyId !== store.companyId) throw businessRule('The product belongs to another client than the store');
  return { store, product };
}

type ComplianceRow = typeof productWfsCompliance.$inferSelect;

const complianceAnswers = (r: ComplianceRow): WfsComplianceAnswers => ({
  hasBatteries: r.containsBatteries as 'Yes' | 'No',
  batteryTechnologyType: (r.batteryTechnologyType ?? null) as WfsComplianceAnswers['batteryTechnologyType'],
  ionNumberOfBatteries: r.lithiumIonBatteries?.ionNumberOfBatteries ?? null,
  batteryWattHour: r.lithiumIonBatteries?.batteryWattHour ?? null,
  ionIncludedBatteryPackaging: (r.lithiumIonBatteries?.ionIncludedBatteryPackaging ??
    null) as WfsComplianceAnswers['ionIncludedBatteryPackaging'],
  electronicsIndicator: r.electronicsIndicator as 'Yes' | 'No',
  chemicalAerosolPesticide: r.chemicalAerosolPesticide as 'Yes' | 'No',
  safetyDataSheet: r.safetyDataSheetUrl,
  numberOfHazardousComponents: r.numberOfHazardousComponents,
  countryOfOriginAssembly: r.countryOfOriginAssembly,
  isPerishable: r.isPerishable as 'Yes' | 'No',
  shelfLifeDays: r.shelfLifeDays,
  lotControlled: r.lotControlled,
});

async function complianceRow(deps: Deps, productId: number) {
  const [row] = await deps.db.select().from(productWfsCompliance).where(eq(productWfsCompliance.productId, productId));
  return row ?? null;
}

/** The form for one product on one store: the product's own data and its last compliance answers. */
export async function prefill(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  productId: number,
): Promise<WfsItemPrefill> {
  const { store, product } = await storeAndProduct(deps, ctx, storeId, productId);
  const row = await complianceRow(deps, product.id);
  return {
    storeId: store.id,
    productId: product.id,
    sku: product.msku,
    productName: product.title,
    brand: product.manufacturer ?? null,
    gtin: gtinOf(product),
    lengthIn: product.lengthIn,
    widthIn: product.widthIn,
    heightIn: product.heightIn,
    weightLb: product.weightLb,
    compliance: row ? complianceAnswers(row) : null,
  };
}

/** Keeps the answers on the product; a perishable product's units need their expiry date. */
async function keepCompliance(deps: Deps, ctx: RequestContext, product: Product, v: WfsComplianceInput) {
  const values = {
    tenantId: ctx.tenantId,
    companyId: product.companyId,
    containsBatteries: v.hasBatteries,
    batteryTechnologyType: v.hasBatteries === 'Yes' ? (v.batteryTechnologyType ?? null) : NO_BATTERY,
    lithiumIonBatteries:
      v.ionNumberOfBatteries && v.batteryWattHour && v.ionIncludedBatteryPackaging
        ? {
            ionNumberOfBatteries: v.ionNumberOfBatteries,
            batteryWattHour: v.batteryWattHour,
            ionIncludedBatteryPackaging: v.ionIncludedBatteryPackaging,
          }
        : null,
    electronicsIndicator: v.electronicsIndicator,
    chemicalAerosolPesticide: v.chemicalAerosolPesticide,
    safetyDataSheetUrl: v.safetyDataSheet ?? null,
    numberOfHazardousComponents: v.numberOfHazardousComponents ?? null,
    countryOfOriginAssembly: v.countryOfOriginAssembly ?? null,
    isPerishable: v.isPerishable,
    shelfLifeDays: v.isPerishable === 'Yes' ? (v.shelfLifeDays ?? null) : null,
    lotControlled: v.isPerishable === 'Yes' && !!v.lotControlled,
    updatedBy: ctx.userId,
    updatedAt: deps.now().toISOString(),
  };
  const before = await complianceRow(deps, product.id);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(productWfsCompliance)
      .values({ productId: product.id, ...values })
      .onConflictDoUpdate({ target: productWfsCompliance.productId, set: values });
    // Perishable: every unit received needs its expiry date (the product's flag the floor reads).
    if (v.isPerishable === 'Yes' && !product.requiresExpiration)
      await tx
        .update(products)
        .set({ requiresExpiration: true })
        .where(and(eq(products.id, product.id), eq(products.tenantId, ctx.tenantId)));
    await audit(tx, ctx, 'product-wfs-compliance', product.id, before ? 'update' : 'create', before, values);
  });
}

/** Stores a product's compliance answers without sending anything (the listing form then uses them). */
export async function putCompliance(deps: Deps, ctx: RequestContext, productId: number, v: WfsComplianceInput) {
  const product = await getProduct(deps, ctx, productId);
  await keepCompliance(deps, ctx, product, v);
  const row = (await complianceRow(deps, product.id))!;
  return { productId: product.id, ...complianceAnswers(row) };
}

/** The product's answers as Walmart's WFS compliance fields, or null when never given. */
export async function storedCompliance(deps: Deps, productId: number): Promise<WfsCompliance | null> {
  const row = await complianceRow(deps, productId);
  if (!row) return null;
  const a = complianceAnswers(row);
  return complianceOf({
    ...a,
    batteryTechnologyType: a.batteryTechnologyType ?? undefined,
    ionNumberOfBatteries: a.ionNumberOfBatteries ?? undefined,
    batteryWattHour: a.batteryWattHour ?? undefined,
    ionIncludedBatteryPackaging: a.ionIncludedBatteryPackaging ?? undefined,
    safetyDataSheet: a.safetyDataSheet ?? undefined,
    numberOfHazardousComponents: a.numberOfHazardousComponents ?? undefined,
    countryOfOriginAssembly: a.countryOfOriginAssembly ?? undefined,
    shelfLifeDays: a.shelfLifeDays ?? undefined,
  });
}

type SetupRow = typeof wfsItemSetups.$inferSelect;
const recordOf = (r: SetupRow): WfsItemSetupRecord => ({
  id: r.id,
  storeId: r.storeId,
  productId: r.productId,
  sku: r.sku,
  feedId: r.feedId,
  status: r.status as WfsItemSetupRecord['status'],
  errors: r.errors,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Sends the item to Walmart (the answers already passed the schema) and keeps the setup to follow. */
export async function submitSetup(deps: Deps, ctx: RequestContext, v: WfsItemSetup): Promise<WfsItemSetupRecord> {
  const { store, product } = await storeAndProduct(deps, ctx, v.storeId, v.productId);
  if (store.connection === 'not_connected') throw businessRule('Connect the store to Walmart first (Merchant Connect)');
  const item = wfsItemOf(v, product.imageUrls[0]);
  const client = walmartClientFor(deps, store);
  const { feedId } = await withStore(deps, store, () => client.feeds.setUpItems([item], { wfs: true }));
  // Walmart has the feed: what follows is kept even if the answers' bookkeeping fails.
  const [row] = await deps.db
    .insert(wfsItemSetups)
    .values({
      tenantId: ctx.tenantId,
      companyId: store.companyId,
      storeId: store.id,
      productId: product.id,
      sku: v.sku,
      feedId,
      answers: v,
      createdBy: ctx.userId,
    })
    .returning();
  await trackOperation(deps, deps.db, { storeId: store.id, kind: 'walmart.feed', operationId: feedId, subject: v.sku });
  await keepCompliance(deps, ctx, product, v);
  await audit(deps.db, ctx, 'wfs-item-setup', row.id, 'create', null, { storeId: store.id, sku: v.sku, feedId });
  return recordOf(row);
}

async function setupRow(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await deps.db
    .select()
    .from(wfsItemSetups)
    .where(and(eq(wfsItemSetups.id, id), scoped(ctx, wfsItemSetups.tenantId, wfsItemSetups.companyId)));
  if (!row) throw notFound('WFS item setup');
  return row;
}

/**
 * One setup; while Walmart is still processing it, Walmart's feed status is read now (one status
 * read, within Walmart's 5,000 a minute) and the outcome kept, with each error on its form field.
 */
export async function getSetup(deps: Deps, ctx: RequestContext, id: number): Promise<WfsItemSetupRecord> {
  const row = await setupRow(deps, ctx, id);
  if (row.status !== 'IN_PROGRESS') return recordOf(row);
  const store = await listingStore(deps, ctx, row.storeId, 'walmart');
  const client = walmartClientFor(deps, store);
  const feed = await withStore(deps, store, () => client.feeds.statusWithItems(row.feedId));
  const items = feed.itemDetails.itemIngestionStatus;
  if (feed.feedStatus === 'RECEIVED' || feed.feedStatus === 'INPROGRESS') return recordOf(row);
  if (feed.feedStatus === 'PROCESSED' && items.some((i) => i.ingestionStatus === 'INPROGRESS')) return recordOf(row);
  const mine = items.find((i) => i.sku === row.sku) ?? items[0];
  const errors =
    feed.feedStatus === 'ERROR'
      ? fieldErrorsOf(ingestionErrorsOf(feed))
      : mine && mine.ingestionStatus !== 'SUCCESS'
        ? fieldErrorsOf(ingestionErrorsOf(mine))
        : [];
  const failed = feed.feedStatus === 'ERROR' || !mine || mine.ingestionStatus !== 'SUCCESS';
  const outcome =
    failed && !errors.length
      ? [
          {
            field: 'form',
            walmartField: null,
            code: mine?.ingestionStatus ?? 'ERROR',
            message: 'Walmart did not set the item up',
          },
        ]
      : errors;
  const [updated] = await deps.db
    .update(wfsItemSetups)
    .set({ status: failed ? 'FAILED' : 'SUCCESS', errors: outcome, updatedAt: deps.now().toISOString() })
    .where(eq(wfsItemSetups.id, row.id))
    .returning();
  return recordOf(updated);
}

/** The store's latest setups, newest first. */
export async function listSetups(deps: Deps, ctx: RequestContext, storeId: number): Promise<WfsItemSetupRecord[]> {
  const store = await listingStore(deps, ctx, storeId, 'walmart');
  const rows = await deps.db
    .select()
    .from(wfsItemSetups)
    .where(and(eq(wfsItemSetups.storeId, store.id), scoped(ctx, wfsItemSetups.tenantId, wfsItemSetups.companyId)))
    .orderBy(desc(wfsItemSetups.createdAt), desc(wfsItemSetups.id))
    .limit(25);
  return rows.map(recordOf);
}
