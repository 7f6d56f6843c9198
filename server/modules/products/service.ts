/**
 * The product catalogue (/api/product/*): a client's products with their codes, dimensions and
 * bundles. Clients manage their own company's products; warehouse users any client's.
 */
import { likeContains, likePrefix } from '../../http/like.js';
import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { componentsError, cubicFeet, DEFAULT_MSKU_FORMULA, nextMsku } from '../../../domain/rules/products.js';
import type { CodeType, ProductInput, productCodeInputSchema, ProductType } from '../../../domain/schemas/products.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, productCodes, productComponents, products, settings } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { outer } from '../../db/outer.js';

type ProductRow = typeof products.$inferSelect;

/** The company a write is for: a client's own; a warehouse user must name one of the tenant's clients. */
async function targetCompany(
  tx: DbOrTx,
  ctx: RequestContext,
  companyId: number | undefined,
): Promise<{ id: number; accountNo: string }> {
  const id = ctx.isClient ? ctx.companyId : companyId;
  if (!id) throw badRequest('companyId: choose the client');
  const [c] = await tx
    .select({ id: companies.id, accountNo: companies.accountNo })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.tenantId, ctx.tenantId)));
  if (!c) throw notFound('Client');
  return c;
}

async function productInScope(tx: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<ProductRow> {
  const q = tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), scoped(ctx, products.tenantId, products.companyId, !ctx.isClient)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Product');
  return row;
}

const PRIMARY_CODES: [keyof Pick<ProductInput, 'asin' | 'fnsku' | 'msku' | 'upc'>, CodeType][] = [
  ['asin', 'ASIN'],
  ['fnsku', 'FNSKU'],
  ['msku', 'MSKU'],
  ['upc', 'UPC'],
];

async function assertCodeFree(tx: DbOrTx, ctx: RequestContext, companyId: number, code: string, productId: number) {
  const [taken] = await tx
    .select({ productId: productCodes.productId, title: products.title })
    .from(productCodes)
    .innerJoin(products, eq(products.id, productCodes.productId))
    .where(
      and(eq(productCodes.tenantId, ctx.tenantId), eq(productCodes.companyId, companyId), eq(productCodes.code, code)),
    );
  if (taken && taken.productId !== productId)
    throw conflict(`${code} is already a code of “${taken.title}” (product ${taken.productId})`);
}

/** Keep the product's own codes in product_codes; a code another product of the client has is a 409. */
async function syncPrimaryCodes(tx: DbOrTx, ctx: RequestContext, product: ProductRow) {
  await tx.delete(productCodes).where(and(eq(productCodes.productId, product.id), eq(productCodes.primary, 1)));
  const seen = new Set<string>();
  for (const [k, codeType] of PRIMARY_CODES) {
    const code = product[k];
    if (!code || seen.has(code)) continue;
    seen.add(code);
    await assertCodeFree(tx, ctx, product.companyId, code, product.id);
    // An extra code the product had becomes its primary one.
    await tx.delete(productCodes).where(and(eq(productCodes.productId, product.id), eq(productCodes.code, code)));
    await tx.insert(productCodes).values({
      tenantId: ctx.tenantId,
      companyId: product.companyId,
      productId: product.id,
      code,
      codeType,
      primary: 1,
    });
  }
}

async function checkComponents(
  tx: DbOrTx,
  ctx: RequestContext,
  companyId: number,
  type: ProductType,
  components: ProductInput['components'],
  selfId?: number,
) {
  const error = componentsError(type, components, selfId);
  if (error) throw businessRule(error);
  if (!components.length) return;
  const found = await tx
    .select({ id: products.id, companyId: products.companyId, productType: products.productType })
    .from(products)
    .where(
      and(
        eq(products.tenantId, ctx.tenantId),
        inArray(
          products.id,
          components.map((c) => c.productId),
        ),
      ),
    );
  for (const c of components) {
    const p = found.find((f) => f.id === c.productId);
    if (!p || p.companyId !== companyId)
      throw businessRule(`Bundle item ${c.productId} is not a product of this client`);
    // One level: a bundle is made of sellable units, so it can never contain itself by a detour.
    if (p.productType !== 'individual')
      throw businessRule(`Bundle item ${c.productId} is itself a bundle; add its items instead`);
  }
}

const columnsOf = (input: ProductInput) => ({
  title: input.title,
  productType: input.productType,
  packing: input.packing,
  packSize: input.packing === 'case_packed' ? input.packSize : 1,
  asin: input.asin ?? null,
  fnsku: input.fnsku ?? null,
  msku: input.msku ?? null,
  upc: input.upc ?? null,
  category: input.category ?? null,
  manufacturer: input.manufacturer ?? null,
  lengthIn: input.lengthIn ?? null,
  widthIn: input.widthIn ?? null,
  heightIn: input.heightIn ?? null,
  weightLb: input.weightLb ?? null,
  imageUrls: input.imageUrls,
});

function checkPacking(input: ProductInput) {
  if (input.packing === 'case_packed' && input.packSize < 2)
    throw businessRule('A case-packed product has at least 2 units per case');
}

export async function createProduct(deps: Deps, ctx: RequestContext, input: ProductInput) {
  const id = await deps.db.transaction(async (tx) => {
    const company = await targetCompany(tx, ctx, input.companyId);
    await checkComponents(tx, ctx, company.id, input.productType, input.components);
    checkPacking(input);
    const [row] = await tx
      .insert(products)
      .values({ tenantId: ctx.tenantId, companyId: company.id, ...columnsOf(input) })
      .returning();
    await syncPrimaryCodes(tx, ctx, row);
    if (input.components.length)
      await tx
        .insert(productComponents)
        .values(input.components.map((c) => ({ bundleId: row.id, componentId: c.productId, quantity: c.quantity })));
    await audit(tx, ctx, 'product', row.id, 'create', null, { ...row, components: input.components });
    return row.id;
  });
  return getProduct(deps, ctx, id);
}

export async function updateProduct(deps: Deps, ctx: RequestContext, id: number, input: ProductInput) {
  await deps.db.transaction(async (tx) => {
    const before = await productInScope(tx, ctx, id, true);
    await checkComponents(tx, ctx, before.companyId, input.productType, input.components, id);
    checkPacking(input);
    if (input.productType !== 'individual') {
      const [{ used }] = await tx
        .select({ used: count() })
        .from(productComponents)
        .where(eq(productComponents.componentId, id));
      if (Number(used) > 0) throw businessRule('This product is an item of a bundle; it stays an individual product');
    }
    const [row] = await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
      .where(eq(products.id, id))
      .returning();
    await syncPrimaryCodes(tx, ctx, row);
    await tx.delete(productComponents).where(eq(productComponents.bundleId, id));
    if (input.components.length)
      await tx
        .insert(productComponents)
        .values(input.components.map((c) => ({ bundleId: id, componentId: c.productId, quantity: c.quantity })));
    await audit(tx, ctx, 'product', id, 'update', before, { ...row, components: input.components });
  });
  return getProduct(deps, ctx, id);
}

export async function deleteProduct(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const before = await productInScope(tx, ctx, id, true);
    const [{ used }] = await tx
      .select({ used: count() })
      .from(productComponents)
      .where(eq(productComponents.componentId, id));
    if (Number(used) > 0) throw businessRule('This product is an item of a bundle; remove it from the bundle first');
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, ctx, 'product', id, 'delete', before, null);
  });
  return { id };
}

export async function getProduct(deps: Deps, ctx: RequestContext, id: number) {
  const row = await productInScope(deps.db, ctx, id);
  const [codes, components, [company]] = await Promise.all([
    deps.db
      .select({
        id: productCodes.id,
        code: productCodes.code,
        codeType: productCodes.codeType,
        primary: productCodes.primary,
      })
      .from(productCodes)
      .where(eq(productCodes.productId, id))
      .orderBy(asc(productCodes.id)),
    deps.db
      .select({
        productId: productComponents.componentId,
        quantity: productComponents.quantity,
        title: products.title,
        msku: products.msku,
        fnsku: products.fnsku,
      })
      .from(productComponents)
      .innerJoin(products, eq(products.id, productComponents.componentId))
      .where(eq(productComponents.bundleId, id))
      .orderBy(asc(products.title)),
    deps.db
      .select({ name: companies.name, accountNo: companies.accountNo })
      .from(companies)
      .where(eq(companies.id, row.companyId)),
  ]);
  return {
    ...row,
    companyName: company?.name ?? '',
    accountNo: company?.accountNo ?? '',
    cubicFeet: cubicFeet(row),
    codes: codes.map((c) => ({ ...c, primary: c.primary === 1 })),
    components,
  };
}

export async function listProducts(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { q?: string; companyId?: number; productType?: string },
) {
  const needle = q.q?.trim();
  const where = and(
    scoped(ctx, products.tenantId, products.companyId, !ctx.isClient),
    q.companyId && !ctx.isClient ? eq(products.companyId, q.companyId) : undefined,
    q.productType && q.productType !== 'all' ? eq(products.productType, q.productType) : undefined,
    needle
      ? or(
          ilike(products.title, likeContains(needle)),
          sql`${products.id} in (select ${productCodes.productId} from ${productCodes} where ${productCodes.tenantId} = ${ctx.tenantId} and ${productCodes.code} like ${likePrefix(needle.toUpperCase())})`,
        )
      : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: products.id,
        companyId: products.companyId,
        companyName: companies.name,
        accountNo: companies.accountNo,
        title: products.title,
        productType: products.productType,
        packing: products.packing,
        packSize: products.packSize,
        asin: products.asin,
        fnsku: products.fnsku,
        msku: products.msku,
        upc: products.upc,
        category: products.category,
        lengthIn: products.lengthIn,
        widthIn: products.widthIn,
        heightIn: products.heightIn,
        weightLb: products.weightLb,
        items: sql<number>`(select count(*)::int from ${productComponents} pc where pc.bundle_id = ${outer(products.id)})`,
      })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(where)
      .orderBy(asc(products.title), asc(products.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    content: rows.map((r) => ({ ...r, cubicFeet: cubicFeet(r) })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

/** UPC and other codes (/api/product/upc-and-codes). */
export async function addCode(
  deps: Deps,
  ctx: RequestContext,
  productId: number,
  input: z.infer<typeof productCodeInputSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const product = await productInScope(tx, ctx, productId, true);
    await assertCodeFree(tx, ctx, product.companyId, input.code, product.id);
    const [exists] = await tx
      .select({ id: productCodes.id })
      .from(productCodes)
      .where(and(eq(productCodes.productId, productId), eq(productCodes.code, input.code)));
    if (!exists)
      await tx.insert(productCodes).values({
        tenantId: ctx.tenantId,
        companyId: product.companyId,
        productId,
        code: input.code,
        codeType: input.codeType,
      });
    await audit(tx, ctx, 'product_code', productId, 'create', null, input);
  });
  return getProduct(deps, ctx, productId);
}

export async function removeCode(deps: Deps, ctx: RequestContext, productId: number, codeId: number) {
  await deps.db.transaction(async (tx) => {
    await productInScope(tx, ctx, productId, true);
    const [row] = await tx
      .select()
      .from(productCodes)
      .where(and(eq(productCodes.id, codeId), eq(productCodes.productId, productId)));
    if (!row) throw notFound('Code');
    if (row.primary) throw businessRule(`${row.code} is the product's ${row.codeType}; change it on the product`);
    await tx.delete(productCodes).where(eq(productCodes.id, codeId));
    await audit(tx, ctx, 'product_code', productId, 'delete', row, null);
  });
  return getProduct(deps, ctx, productId);
}

/** The setting's value: a bare template, or JSON ("…" or {"formula": "…"}). */
function parseFormula(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const v: unknown = JSON.parse(value);
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && typeof (v as { formula?: unknown }).formula === 'string')
      return (v as { formula: string }).formula;
  } catch {
    // not JSON: the template itself
  }
  return value.trim() || null;
}

/** The next merchant SKU of a client by its MSKUFORMULA setting (or the default formula). */
export async function nextMerchantSku(deps: Deps, ctx: RequestContext, companyId: number | undefined) {
  const company = await targetCompany(deps.db, ctx, companyId);
  const [setting] = await deps.db
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, ctx.tenantId),
        eq(settings.companyId, company.id),
        eq(settings.settingKey, 'MSKUFORMULA'),
      ),
    );
  const formula = parseFormula(setting?.value) ?? DEFAULT_MSKU_FORMULA;
  const existing = await deps.db
    .select({ msku: products.msku })
    .from(products)
    .where(and(eq(products.tenantId, ctx.tenantId), eq(products.companyId, company.id), isNotNull(products.msku)));
  return {
    formula,
    msku: nextMsku(
      formula,
      { account: company.accountNo, now: new Date() },
      existing.map((e) => e.msku!),
    ),
  };
}

/** Categories or manufacturers in use (suggestions for the form). */
export async function distinctValues(deps: Deps, ctx: RequestContext, column: 'category' | 'manufacturer') {
  const col = column === 'category' ? products.category : products.manufacturer;
  const rows = await deps.db
    .selectDistinct({ value: col })
    .from(products)
    .where(and(scoped(ctx, products.tenantId, products.companyId, !ctx.isClient), isNotNull(col)))
    .orderBy(asc(col))
    .limit(500);
  return rows.map((r) => r.value!);
}

/**
 * CSV upload with listItems / createOnlyListings: each item becomes a catalogue product of the
 * client unless one of its codes already names a product (then it is left as it is).
 */
export async function listInCatalogue(
  tx: DbOrTx,
  ctx: RequestContext,
  companyId: number | undefined,
  items: {
    title: string;
    asin?: string | null;
    fnsku?: string | null;
    msku?: string | null;
    upc?: string | null;
    packSize?: number;
  }[],
) {
  const company = await targetCompany(tx, ctx, companyId);
  let created = 0;
  let existing = 0;
  for (const item of items) {
    const codes = [item.asin, item.fnsku, item.msku, item.upc]
      .filter((c): c is string => !!c)
      .map((c) => c.toUpperCase());
    const [known] = codes.length
      ? await tx
          .select({ id: productCodes.productId })
          .from(productCodes)
          .where(
            and(
              eq(productCodes.tenantId, ctx.tenantId),
              eq(productCodes.companyId, company.id),
              inArray(productCodes.code, codes),
            ),
          )
          .limit(1)
      : [];
    if (known) {
      existing++;
      continue;
    }
    const packSize = item.packSize ?? 1;
    const [row] = await tx
      .insert(products)
      .values({
        tenantId: ctx.tenantId,
        companyId: company.id,
        title: item.title,
        asin: item.asin?.toUpperCase() ?? null,
        fnsku: item.fnsku?.toUpperCase() ?? null,
        msku: item.msku?.toUpperCase() ?? null,
        upc: item.upc ?? null,
        packing: packSize > 1 ? 'case_packed' : 'individual',
        packSize,
      })
      .returning();
    await syncPrimaryCodes(tx, ctx, row);
    created++;
  }
  await audit(tx, ctx, 'product', 'csv', 'create', null, { created, existing });
  return { created, existing };
}
