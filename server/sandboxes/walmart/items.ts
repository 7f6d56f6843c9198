/**
 * The Walmart sandbox's Items API v3 (Walmart's published "Item Management" OpenAPI 3.0.1):
 * getAllItems (GET /v3/items, nextCursor or offset paging), getAnItem (GET /v3/items/{id}) and
 * getCatalogSearch (POST /v3/items/catalog/search). Each seller account gets its own catalogue,
 * seeded once from the account id: Walmart-fulfilled (WFS) and seller-fulfilled items, a few
 * unpublished with Walmart's reasons and one retired.
 *
 * Sandbox choices where Walmart leaves things open, kept small:
 *  - Catalog Search's fulfillmentType is a free string in Walmart's model; the sandbox says "WFS"
 *    or "SELLER_FULFILLED".
 *  - A nextCursor is opaque (base64url) and belongs to the seller it was given to; another
 *    seller's cursor is refused. Filters are repeated with each page, as the client does.
 *  - getAnItem answers in the envelope of its published example ({ItemResponse: [...]}).
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  catalogSearchRequestSchema,
  itemSchema,
  type CatalogSearchRequest,
  type WalmartCatalogItem,
  type WalmartItem,
} from '../../integrations/walmart/items-models.js';
import { code, rng } from '../random.js';
import { recordsOf } from '../records.js';
import { PRODUCTS, UNDER_REVIEW_REASON, UNPUBLISHED_REASONS } from './items-data.js';

/** What routes.ts lends the Orders and Items sandboxes: the caller's account and Walmart's refusal. */
export interface WalmartSandboxContext {
  /** The seller account of the call's token (the fault gate has already refused calls without one). */
  accountOf: (c: Context) => string | null;
  error: (c: Context, status: 400 | 404, code: string, description: string, info?: string, field?: string) => Response;
}

export const FULFILLMENT_TYPES = { wfs: 'WFS', seller: 'SELLER_FULFILLED' } as const;

/** An item as the sandbox keeps it: Walmart's item plus what Catalog Search also tells. */
export const sandboxItemSchema = itemSchema.extend({
  fulfillmentType: z.enum([FULFILLMENT_TYPES.wfs, FULFILLMENT_TYPES.seller]),
  itemId: z.string(),
  brand: z.string(),
  /**
   * An item set up by a feed (feeds.ts): not in the catalogue before Walmart has processed it
   * (`listedAt`, epoch ms), then unpublished under review until `publishAt` (null: it stays
   * unpublished for its own reasons, such as a missing main image).
   */
  review: z.object({ listedAt: z.number(), publishAt: z.number().nullable() }).optional(),
});
export type SandboxItem = z.infer<typeof sandboxItemSchema>;

/** A 12-digit UPC-A with its check digit. */
function upcOf(r: () => number): string {
  const digits = Array.from({ length: 11 }, (_, i) => (i === 0 ? 6 + Math.floor(r() * 3) : Math.floor(r() * 10)));
  const sum = digits.reduce((n, d, i) => n + d * (i % 2 === 0 ? 3 : 1), 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

export function seedItems(account: string): SandboxItem[] {
  const r = rng(`walmart/items/${account}`);
  const prefix = code(r, '', 3);
  return PRODUCTS.map((p, i) => {
    const upc = upcOf(r);
    // Every third product is stored at WFS; a few listings are unpublished and one is retired.
    const wfs = i % 3 === 0;
    const unpublished = i % 7 === 5;
    const retired = i === PRODUCTS.length - 1;
    const reasons = unpublished ? [UNPUBLISHED_REASONS[Math.floor(r() * UNPUBLISHED_REASONS.length)]] : [];
    if (unpublished && r() < 0.5) reasons.push(UNPUBLISHED_REASONS[(UNPUBLISHED_REASONS.indexOf(reasons[0]) + 1) % 4]);
    return sandboxItemSchema.parse({
      mart: 'WALMART_US',
      sku: `${prefix}-${String(101 + i)}`,
      condition: 'New',
      wpid: code(r, '', 12),
      upc,
      gtin: `00${upc}`,
      productName: p.name,
      shelf: JSON.stringify(p.shelf),
      productType: p.productType,
      price: { currency: 'USD', amount: p.price },
      publishedStatus: unpublished || retired ? 'UNPUBLISHED' : 'PUBLISHED',
      ...(reasons.length ? { unpublishedReasons: { reason: reasons } } : {}),
      lifecycleStatus: retired ? 'RETIRED' : 'ACTIVE',
      fulfillmentType: wfs ? FULFILLMENT_TYPES.wfs : FULFILLMENT_TYPES.seller,
      itemId: String(100_000_000 + Math.floor(r() * 899_999_999)),
      brand: p.brand,
    });
  });
}

export const itemSet = (account: string) => ({
  provider: 'walmart',
  account,
  kind: 'item',
  schema: sandboxItemSchema,
  keyOf: (i: SandboxItem) => i.sku,
});

/** Everything the account holds, feed items still in processing included (seeded on first read). */
export const storedItemsOf = (deps: Deps, account: string) =>
  recordsOf(deps, itemSet(account), () => seedItems(account));

/** An item as the seller sees it at `now`: a feed's item appears once processed, then is published after review. */
function asSeenAt(item: SandboxItem, now: number): SandboxItem | null {
  const { review, ...rest } = item;
  if (!review) return item;
  if (now < review.listedAt) return null;
  if (review.publishAt !== null && now >= review.publishAt)
    return { ...rest, publishedStatus: 'PUBLISHED', unpublishedReasons: undefined };
  const reasons = review.publishAt === null ? (rest.unpublishedReasons?.reason ?? []) : [UNDER_REVIEW_REASON];
  return { ...rest, publishedStatus: 'UNPUBLISHED', unpublishedReasons: { reason: reasons } };
}

/** The account's catalogue as Walmart shows it now. */
export const itemsOf = async (deps: Deps, account: string): Promise<SandboxItem[]> =>
  (await storedItemsOf(deps, account))
    .map((i) => asSeenAt(i, deps.now().getTime()))
    .filter((i): i is SandboxItem => i !== null);

/** The ItemResponse entry Walmart answers (without what only Catalog Search tells). */
const asItemResponse = ({ fulfillmentType: _f, itemId: _i, brand: _b, ...item }: SandboxItem): WalmartItem => item;

const asCatalogItem = (i: SandboxItem): WalmartCatalogItem => ({
  mart: i.mart,
  sku: i.sku,
  condition: i.condition,
  wpid: i.wpid,
  upc: i.upc,
  gtin: i.gtin,
  itemId: i.itemId,
  productName: i.productName,
  shelf: i.shelf,
  productType: i.productType,
  price: i.price ? { unit: i.price.currency, amount: i.price.amount } : undefined,
  brand: i.brand,
  fulfillmentType: i.fulfillmentType,
  publishedStatus: {
    status: i.publishedStatus,
    ...(i.unpublishedReasons ? { reasons: i.unpublishedReasons.reason } : {}),
  },
  lifecycleStatus: i.lifecycleStatus,
});

/** The seller's tag in cursors: not the account id itself. */
export const sellerTag = (account: string) =>
  createHash('sha256').update(`walmart-seller/${account}`).digest('hex').slice(0, 12);

const cursorOf = (account: string, offset: number) =>
  Buffer.from(`${sellerTag(account)}:${offset}`).toString('base64url');
/** The offset a cursor stands for: 0 for "*" or none, null for a cursor not of this seller. */
function offsetOf(account: string, cursor: string | undefined): number | null {
  if (!cursor || cursor === '*') return 0;
  const [tag, offset] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const n = Number(offset);
  return tag === sellerTag(account) && Number.isInteger(n) && n >= 0 ? n : null;
}

/** A whole number in [min, max] from a query parameter, its default when absent, null when neither. */
export function intParam(v: string | undefined, fallback: number, min: number, max: number): number | null {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

const ITEM_QUERY = 'GMP_ITEM_QUERY_API';

/** Catalog Search's query: identifiers match exactly, productName by words ("*" as a wildcard). */
function matchesQuery(i: SandboxItem, q: CatalogSearchRequest['query']): boolean {
  if (!q) return true;
  const value = q.value.trim().toLowerCase();
  if (q.field === 'productName') {
    const words = value.split('*').join(' ').split(/\s+/).filter(Boolean);
    return words.every((w) => (i.productName ?? '').toLowerCase().includes(w));
  }
  const own: Record<string, string | undefined> = {
    sku: i.sku,
    gtin: i.gtin,
    wpid: i.wpid,
    upc: i.upc,
    itemId: i.itemId,
    condition: i.condition,
  };
  return (own[q.field] ?? '').toLowerCase() === value;
}

/** Catalog Search's filters: statuses and fulfilment by value, price by comparison. */
function matchesFilter(i: SandboxItem, f: NonNullable<CatalogSearchRequest['filters']>[number]): boolean {
  if (f.field === 'price') {
    const price = i.price?.amount ?? 0;
    const [a, b] = f.values.map(Number);
    if (f.op === 'between') return price >= a && price <= (b ?? a);
    if (f.op === 'greater_than') return price > a;
    if (f.op === 'less_than') return price < a;
    return price === a;
  }
  const own: Record<string, string[]> = {
    lifecycleStatus: [i.lifecycleStatus ?? ''],
    publishedStatus: [i.publishedStatus ?? ''],
    fulfillmentType: [i.fulfillmentType],
    unpublishedReasons: i.unpublishedReasons?.reason ?? [],
  };
  const values = f.values.map((v) => v.toLowerCase());
  return (own[f.field] ?? []).some((v) =>
    values.some((w) => v.toLowerCase() === w || (f.field === 'unpublishedReasons' && v.toLowerCase().includes(w))),
  );
}

export function mountWalmartItems(app: Hono, deps: Deps, ctx: WalmartSandboxContext): void {
  const invalid = (c: Context, description: string, field: string) =>
    ctx.error(c, 400, `INVALID_REQUEST_PARAM.${ITEM_QUERY}`, description, 'Request parameter is invalid.', field);

  app.get('/v3/items', async (c) => {
    const account = ctx.accountOf(c)!;
    const q = c.req.query();
    const limit = intParam(q.limit, 20, 1, 50);
    if (limit === null) return invalid(c, 'limit must be a whole number from 1 to 50', 'limit');
    const offset =
      q.offset !== undefined ? intParam(q.offset, 0, 0, Number.MAX_SAFE_INTEGER) : offsetOf(account, q.nextCursor);
    if (offset === null) return invalid(c, 'nextCursor is not a cursor Walmart gave this seller', 'nextCursor');
    const all = (await itemsOf(deps, account))
      .filter((i) => !q.sku || i.sku === q.sku)
      .filter((i) => !q.lifecycleStatus || i.lifecycleStatus === q.lifecycleStatus.toUpperCase())
      .filter((i) => !q.publishedStatus || i.publishedStatus === q.publishedStatus.toUpperCase())
      .filter((i) => !q.variantGroupId || i.variantGroupId === q.variantGroupId)
      .sort((a, b) => a.sku.localeCompare(b.sku));
    if (q.sku && !all.length)
      return ctx.error(
        c,
        404,
        `CONTENT_NOT_FOUND.${ITEM_QUERY}`,
        `No item with SKU ${q.sku}`,
        'Requested content could not be found.',
      );
    const page = all.slice(offset, offset + limit);
    const more = offset + limit < all.length;
    return c.json({
      ItemResponse: page.map(asItemResponse),
      totalItems: all.length,
      ...(more ? { nextCursor: cursorOf(account, offset + limit) } : {}),
    });
  });

  app.post('/v3/items/catalog/search', async (c) => {
    const account = ctx.accountOf(c)!;
    const q = c.req.query();
    const limit = intParam(q.limit, 100, 1, 100);
    if (limit === null) return invalid(c, 'limit must be a whole number from 1 to 100', 'limit');
    const page = intParam(q.page, 0, 0, 10_000);
    if (page === null) return invalid(c, 'page must be a whole number from 0', 'page');
    const offset = q.nextCursor ? offsetOf(account, q.nextCursor) : page * limit;
    if (offset === null) return invalid(c, 'nextCursor is not a cursor Walmart gave this seller', 'nextCursor');
    const parsed = catalogSearchRequestSchema.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return ctx.error(
        c,
        400,
        `INVALID_REQUEST_CONTENT.${ITEM_QUERY}`,
        issue.message,
        'Request content is invalid.',
        issue.path.join('.'),
      );
    }
    const { query, filters = [], sort } = parsed.data;
    const direction = sort?.order === 'DESC' ? -1 : 1;
    const sortKey = (i: SandboxItem) =>
      sort?.field === 'lifecycleStatus'
        ? (i.lifecycleStatus ?? '')
        : sort?.field === 'publishedStatus'
          ? (i.publishedStatus ?? '')
          : i.sku;
    const all = (await itemsOf(deps, account))
      .filter((i) => matchesQuery(i, query) && filters.every((f) => matchesFilter(i, f)))
      .sort((a, b) => direction * sortKey(a).localeCompare(sortKey(b)) || a.sku.localeCompare(b.sku));
    const more = offset + limit < all.length;
    return c.json({
      status: 'Success',
      payload: all.slice(offset, offset + limit).map(asCatalogItem),
      totalItems: all.length,
      limit,
      ...(more ? { nextCursor: cursorOf(account, offset + limit) } : {}),
    });
  });

  app.get('/v3/items/:id', async (c) => {
    const account = ctx.accountOf(c)!;
    const id = c.req.param('id');
    const type = (c.req.query('productIdType') ?? 'SKU').toUpperCase();
    const key: Record<string, (i: SandboxItem) => string | undefined> = {
      SKU: (i) => i.sku,
      GTIN: (i) => i.gtin,
      UPC: (i) => i.upc,
      ITEM_ID: (i) => i.itemId,
      // The sandbox's items are not books and carry no EAN of their own.
      ISBN: () => undefined,
      EAN: () => undefined,
    };
    if (!key[type]) return invalid(c, 'productIdType must be GTIN, UPC, ISBN, EAN, SKU or ITEM_ID', 'productIdType');
    const item = (await itemsOf(deps, account)).find((i) => key[type](i) === id);
    if (!item)
      return ctx.error(
        c,
        404,
        `CONTENT_NOT_FOUND.${ITEM_QUERY}`,
        `No item with ${type} ${id}`,
        'Requested content could not be found.',
      );
    return c.json({ ItemResponse: [asItemResponse(item)], totalItems: 1 });
  });
}
