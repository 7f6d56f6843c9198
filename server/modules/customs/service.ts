/**
 * Customs for international FBM orders (issue 20 step 8): each product's customs defaults, and the
 * customs declaration of one order — prefilled from its lines × the products' defaults until it is
 * saved, checked against the domain rules (domain/rules/customs.ts) for the order's route (the
 * warehouse's country → the ship-to country), and printed as CN22 or CN23 (documents.ts).
 *
 * For label purchase (server/modules/fbm-labels): `customsForLabel(deps, ctx, orderId)` gives the
 * declaration in a provider-neutral shape (null for a domestic order) and refuses (412) one that
 * still breaks a rule; `customsDocuments(deps, ctx, orderId, format)` gives the CN22/CN23 to print
 * with the label.
 *
 * Scope: the order and products are read through the FBM orders and products services, so a client
 * reaches only its own company's (others are 404) and another tenant nothing.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  customsDocumentType,
  customsProblems,
  eeiRequired,
  isInternational,
  labelCustomsOf,
  totals,
} from '../../../domain/rules/customs.js';
import {
  AES_ITN,
  customsDeclarationInputSchema,
  type CustomsDeclaration,
  type CustomsDeclarationInput,
  type CustomsDefaultsInput,
  type CustomsItemDraft,
  type CustomsProblem,
  type CustomsSave,
  type LabelCustoms,
} from '../../../domain/schemas/customs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { customsDeclarations, products, productCustoms, warehouses } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { getOrder } from '../fbm-orders/service.js';
import { getProduct } from '../products/service.js';

/** Where parcels leave from: the tenant's default ship-from site (US when none says otherwise). */
export async function warehouseCountry(deps: Deps, tenantId: number): Promise<string> {
  const [w] = await deps.db
    .select({ countryCode: warehouses.countryCode })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.active, true)))
    .orderBy(desc(warehouses.defaultShipFrom), asc(warehouses.id))
    .limit(1);
  return (w?.countryCode ?? 'US').toUpperCase();
}

// ---- product defaults ----

const defaultsOf = (r: typeof productCustoms.$inferSelect) => ({
  productId: r.productId,
  description: r.description,
  hsCode: r.hsCode,
  countryOfOrigin: r.countryOfOrigin,
  declaredValue: r.declaredValue,
  weightLb: r.weightLb,
  updatedAt: r.updatedAt,
});

export async function getDefaults(deps: Deps, ctx: RequestContext, productId: number) {
  const product = await getProduct(deps, ctx, productId);
  const [row] = await deps.db.select().from(productCustoms).where(eq(productCustoms.productId, product.id));
  return {
    productId: product.id,
    title: product.title,
    saved: row ? defaultsOf(row) : null,
    suggested: { description: product.title.slice(0, 120), weightLb: product.weightLb },
  };
}

export async function putDefaults(deps: Deps, ctx: RequestContext, productId: number, input: CustomsDefaultsInput) {
  const product = await getProduct(deps, ctx, productId);
  const values = {
    tenantId: ctx.tenantId,
    companyId: product.companyId,
    ...input,
    updatedBy: ctx.userId,
    updatedAt: deps.now().toISOString(),
  };
  const saved = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(productCustoms).where(eq(productCustoms.productId, product.id));
    const [row] = await tx
      .insert(productCustoms)
      .values({ productId: product.id, ...values })
      .onConflictDoUpdate({ target: productCustoms.productId, set: values })
      .returning();
    await audit(tx, ctx, 'product-customs', product.id, before ? 'update' : 'create', before ?? null, input);
    return row;
  });
  return defaultsOf(saved);
}

// ---- the declaration ----

type Order = Awaited<ReturnType<typeof getOrder>>;

/** The order's lines × the products' defaults (the line's price and the product's weight when none). */
async function prefilledItems(deps: Deps, order: Order): Promise<CustomsItemDraft[]> {
  const ids = order.orderLines.map((l) => l.product?.id).filter((id): id is number => typeof id === 'number');
  const defaults = new Map<number, typeof productCustoms.$inferSelect>();
  const weights = new Map<number, number | null>();
  for (const id of new Set(ids)) {
    const [d] = await deps.db.select().from(productCustoms).where(eq(productCustoms.productId, id));
    if (d) defaults.set(id, d);
    const [p] = await deps.db.select({ weightLb: products.weightLb }).from(products).where(eq(products.id, id));
    weights.set(id, p?.weightLb ?? null);
  }
  return order.orderLines
    .filter((l) => l.quantityOrdered > 0)
    .map((l) => {
      const d = l.product ? defaults.get(l.product.id) : undefined;
      return {
        lineId: l.id,
        productId: l.product?.id ?? null,
        sku: l.sku,
        description: (d?.description ?? l.title ?? l.product?.title ?? '').slice(0, 120),
        hsCode: d?.hsCode ?? '',
        countryOfOrigin: d?.countryOfOrigin ?? '',
        quantity: l.quantityOrdered,
        unitValue: d?.declaredValue ?? (l.unitPrice !== null ? l.unitPrice / 100 : 0),
        unitWeightLb: d?.weightLb ?? (l.product ? (weights.get(l.product.id) ?? 0) : 0),
      };
    });
}

/** Every field still to fix: the schema's (an incomplete item) or else the route's rules. */
function problemsOf(
  d: CustomsDeclarationInput | (Omit<CustomsDeclarationInput, 'items'> & { items: CustomsItemDraft[] }),
  route: { shipFrom: string; shipTo: string },
): CustomsProblem[] {
  const parsed = customsDeclarationInputSchema.safeParse(d);
  if (!parsed.success)
    return parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'form', message: i.message }));
  return customsProblems(parsed.data, route);
}

/** The declaration of an order: as saved, or prefilled; with its document type and what to fix. */
export async function getDeclaration(deps: Deps, ctx: RequestContext, orderId: number): Promise<CustomsDeclaration> {
  const order = await getOrder(deps, ctx, orderId);
  const shipFrom = await warehouseCountry(deps, ctx.tenantId);
  const shipTo = order.shipTo?.countryCode?.toUpperCase() ?? null;
  const [row] = await deps.db.select().from(customsDeclarations).where(eq(customsDeclarations.orderId, order.id));
  const items = row ? row.items : await prefilledItems(deps, order);
  const fields = row
    ? {
        incoterm: row.incoterm as CustomsDeclaration['incoterm'],
        purpose: row.purpose as CustomsDeclaration['purpose'],
        taxIdType: row.taxIdType as CustomsDeclaration['taxIdType'],
        taxId: row.taxId,
        returnHandling: row.returnHandling as CustomsDeclaration['returnHandling'],
        exportFiling: row.exportFiling as CustomsDeclaration['exportFiling'],
        itn: row.itn,
      }
    : {
        incoterm: 'DDU' as const,
        purpose: 'MERCHANDISE' as const,
        taxIdType: null,
        taxId: null,
        returnHandling: 'RETURN' as const,
        // Over the threshold, AES is due: the form starts there so the ITN is asked for.
        exportFiling: eeiRequired(
          items.map((i) => ({ ...i, hsCode: i.hsCode })) as CustomsDeclarationInput['items'],
          shipFrom,
        )
          ? AES_ITN
          : ('NOEEI 30.37(a)' as const),
        itn: null,
      };
  const international = isInternational(shipTo, shipFrom);
  const sums = totals(items as CustomsDeclarationInput['items']);
  return {
    ...fields,
    items,
    orderId: order.id,
    orderNumber: order.displayId ?? order.marketplaceOrderId,
    saved: !!row,
    international,
    shipFromCountry: shipFrom,
    shipToCountry: shipTo,
    documentType: customsDocumentType(items as CustomsDeclarationInput['items']),
    currency: 'USD',
    ...sums,
    problems: international ? problemsOf({ ...fields, items }, { shipFrom, shipTo: shipTo! }) : [],
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Saves the declaration (the schema passed at the route); a rule it breaks is refused (412, per field). */
export async function saveDeclaration(
  deps: Deps,
  ctx: RequestContext,
  input: CustomsSave,
): Promise<CustomsDeclaration> {
  const order = await getOrder(deps, ctx, input.orderId);
  const shipFrom = await warehouseCountry(deps, ctx.tenantId);
  const shipTo = order.shipTo?.countryCode?.toUpperCase() ?? null;
  if (!isInternational(shipTo, shipFrom))
    throw businessRule(
      `Order ${order.displayId ?? order.marketplaceOrderId} ships within ${shipFrom}: a domestic parcel needs no customs declaration`,
    );
  const { orderId: _order, ...declaration } = input;
  const problems = customsProblems(declaration, { shipFrom, shipTo: shipTo! });
  if (problems.length) throw businessRule(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  const values = {
    tenantId: ctx.tenantId,
    companyId: order.companyId,
    ...declaration,
    taxId: declaration.taxId ? declaration.taxId.toUpperCase() : null,
    updatedBy: ctx.userId,
    updatedAt: deps.now().toISOString(),
  };
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customsDeclarations).where(eq(customsDeclarations.orderId, order.id));
    await tx
      .insert(customsDeclarations)
      .values({ orderId: order.id, ...values })
      .onConflictDoUpdate({ target: customsDeclarations.orderId, set: values });
    await audit(tx, ctx, 'customs-declaration', order.id, before ? 'update' : 'create', before ?? null, declaration);
  });
  return getDeclaration(deps, ctx, order.id);
}

/**
 * The declaration a carrier label carries, provider-neutral: null for a domestic order; refused
 * (412, with what to fix) while it breaks a rule. Unsaved declarations are used as prefilled when
 * they pass — the products' defaults are the client's own statement.
 */
export async function customsForLabel(deps: Deps, ctx: RequestContext, orderId: number): Promise<LabelCustoms | null> {
  const d = await getDeclaration(deps, ctx, orderId);
  if (!d.international) return null;
  if (d.problems.length)
    throw businessRule(
      `The customs declaration of order ${d.orderNumber} is not complete: ${d.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`,
    );
  return labelCustomsOf(customsDeclarationInputSchema.parse(d), {
    shipFrom: d.shipFromCountry,
    shipTo: d.shipToCountry!,
  });
}
