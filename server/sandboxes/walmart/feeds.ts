/**
 * The Walmart sandbox's feeds (Walmart's published "Feed Management" and "Item Management"
 * OpenAPI 3.0.1): itemBulkUploads (POST /v3/feeds?feedType=MP_ITEM | MP_WFS_ITEM),
 * getFeedItemStatus (GET /v3/feeds/{feedId}) and getAllFeedStatuses (GET /v3/feeds), per seller
 * account. The feed is acknowledged at once and processed on the sandbox clock (feeds-state.ts);
 * each item is checked as Walmart checks it (feeds-rules.ts) and, when it passes, is in the
 * seller's catalogue — getAllItems, getAnItem and Catalog Search — unpublished under review, then
 * published (items.ts).
 *
 * Sandbox choices where Walmart leaves things open, kept small:
 *  - The file comes as Walmart's contract has it (multipart/form-data, part "file") or, as
 *    Walmart's current guide also allows, as the JSON document itself.
 *  - Only the two item-setup feed types are served; any other is refused with a 400 that says so.
 *  - The refusals' codes (…GMP_FEED_API) are the sandbox's own, in Walmart's error shape.
 *  - Walmart's hourly feed limits (10 item feeds an hour) are the client's to keep: the sandbox
 *    does not count feeds.
 */
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import { ITEM_FEED_TYPES, type ItemFeedType, type MpItem } from '../../integrations/walmart/feeds-models.js';
import { code, rng } from '../random.js';
import { putRecord } from '../records.js';
import { readFeedFile, itemErrors } from './feeds-rules.js';
import {
  feedOf,
  feedsOf,
  feedStatusAt,
  feedSummaryAt,
  itemDoneAt,
  newFeedId,
  REVIEW_MS,
  saveFeed,
  type FeedRecord,
} from './feeds-state.js';
import { FULFILLMENT_TYPES, intParam, itemSet, sellerTag, storedItemsOf, type SandboxItem } from './items.js';
import { MISSING_IMAGE_REASON } from './items-data.js';

export interface WalmartFeedsContext {
  accountOf: (c: Context) => string | null;
  error: (c: Context, status: 400 | 404, code: string, description: string, info?: string, field?: string) => Response;
}

const FEED_API = 'GMP_FEED_API';

/** The feed file: the multipart part "file", or the JSON body itself. */
async function feedFileOf(c: Context): Promise<{ text: string; name: string } | null> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.file;
    return file instanceof File ? { text: await file.text(), name: file.name || 'feed.json' } : null;
  }
  if (type.startsWith('application/json')) return { text: await c.req.text(), name: 'feed.json' };
  return null;
}

const gtin14 = (id: string) => id.padStart(14, '0');

/** The catalogue entry a successful item becomes, listed once ingested and published after review. */
function catalogueItemOf(
  item: MpItem,
  feed: { feedType: ItemFeedType; listedAt: number },
  ids: { wpid: string; itemId: string },
): SandboxItem {
  const o = item.Orderable!;
  const [category, visible] = Object.entries(item.Visible ?? {})[0];
  const gtin = gtin14(o.productIdentifiers!.productId);
  const hasImage = typeof visible.mainImageUrl === 'string' && visible.mainImageUrl.length > 0;
  return {
    mart: 'WALMART_US',
    sku: o.sku!.trim(),
    condition: 'New',
    wpid: ids.wpid,
    // A GTIN-14 with two leading zeros is a UPC-A.
    ...(gtin.startsWith('00') ? { upc: gtin.slice(2) } : {}),
    gtin,
    productName: o.productName,
    shelf: JSON.stringify(['Home Page', category]),
    productType: typeof visible.productType === 'string' ? visible.productType : category,
    price: { currency: 'USD', amount: o.price! },
    publishedStatus: 'UNPUBLISHED',
    ...(hasImage ? {} : { unpublishedReasons: { reason: [MISSING_IMAGE_REASON] } }),
    lifecycleStatus: 'ACTIVE',
    fulfillmentType: feed.feedType === 'MP_WFS_ITEM' ? FULFILLMENT_TYPES.wfs : FULFILLMENT_TYPES.seller,
    itemId: ids.itemId,
    brand: o.brand!,
    review: { listedAt: feed.listedAt, publishAt: hasImage ? feed.listedAt + REVIEW_MS : null },
  };
}

/** Walmart's ids for a new item of the seller, the same each time for the same SKU. */
function newItemIds(account: string, sku: string) {
  const r = rng(`walmart/feed-item/${account}/${sku}`);
  return { wpid: code(r, '', 12), itemId: String(100_000_000 + Math.floor(r() * 899_999_999)) };
}

export function mountWalmartFeeds(app: Hono, deps: Deps, ctx: WalmartFeedsContext): void {
  const now = () => deps.now().getTime();
  const invalid = (c: Context, description: string, field: string) =>
    ctx.error(c, 400, `INVALID_REQUEST_PARAM.${FEED_API}`, description, 'Request parameter is invalid.', field);

  app.post('/v3/feeds', async (c) => {
    const account = ctx.accountOf(c)!;
    const feedType = c.req.query('feedType');
    if (!feedType) return invalid(c, 'feedType is required', 'feedType');
    if (!(ITEM_FEED_TYPES as readonly string[]).includes(feedType))
      return invalid(
        c,
        `The sandbox sets items up with MP_ITEM and MP_WFS_ITEM feeds; ${feedType} is not served here`,
        'feedType',
      );
    const file = await feedFileOf(c);
    if (!file)
      return ctx.error(
        c,
        400,
        `INVALID_REQUEST_CONTENT.${FEED_API}`,
        'Attach the feed file as the multipart/form-data part "file"',
        'Request content is invalid.',
        'file',
      );
    const type = feedType as ItemFeedType;
    const at = now();
    const earlier = await feedsOf(deps, account);
    const feedId = newFeedId(account, earlier.length, at, file.text);
    const read = readFeedFile(file.text, type);
    const stored = read.feed ? await storedItemsOf(deps, account) : [];
    const check = {
      feedType: type,
      seen: new Set<string>(),
      catalogue: new Map(stored.map((i) => [i.sku, i.gtin ?? ''])),
    };
    const outcomes = (read.feed?.MPItem ?? []).map((item) => {
      const errors = itemErrors(item, check);
      const sku = item.Orderable?.sku?.trim() || null;
      const id = item.Orderable?.productIdentifiers?.productId;
      const known = stored.find((i) => i.sku === sku);
      // A SKU set up again keeps Walmart's ids (the feed replaces its content).
      const ids =
        errors.length || !sku
          ? null
          : known?.wpid
            ? { wpid: known.wpid, itemId: known.itemId }
            : newItemIds(account, sku);
      return {
        item,
        ids,
        record: { sku, gtin: id ? gtin14(id) : null, ...(ids ?? { wpid: null, itemId: null }), errors },
      };
    });
    const feed: FeedRecord = {
      feedId,
      feedType: type,
      submittedAt: at,
      fileName: file.name,
      feedErrors: read.errors,
      items: outcomes.map((o) => o.record),
    };
    await saveFeed(deps, account, feed);
    for (const [index, { item, ids }] of outcomes.entries())
      if (ids)
        await putRecord(
          deps,
          itemSet(account),
          catalogueItemOf(item, { feedType: type, listedAt: itemDoneAt(feed, index) }, ids),
        );
    return c.json({ feedId, additionalAttributes: null, errors: null });
  });

  app.get('/v3/feeds/:feedId', async (c) => {
    const account = ctx.accountOf(c)!;
    const feedId = c.req.param('feedId');
    const q = c.req.query();
    const details = (q.includeDetails ?? 'false').toLowerCase() === 'true';
    const offset = intParam(q.offset, 0, 0, 10_000);
    if (offset === null) return invalid(c, 'offset must be a whole number from 0', 'offset');
    const limit = intParam(q.limit, 50, 1, 1000);
    if (limit === null) return invalid(c, 'limit must be a whole number from 1 to 1000', 'limit');
    const feed = await feedOf(deps, account, feedId);
    if (!feed)
      return ctx.error(
        c,
        404,
        `CONTENT_NOT_FOUND.${FEED_API}`,
        `No feed ${feedId}`,
        'Requested content could not be found.',
        'feedId',
      );
    return c.json(feedStatusAt(feed, now(), details ? { offset, limit } : null));
  });

  app.get('/v3/feeds', async (c) => {
    const account = ctx.accountOf(c)!;
    const q = c.req.query();
    const offset = intParam(q.offset, 0, 0, 100_000);
    if (offset === null) return invalid(c, 'offset must be a whole number from 0', 'offset');
    const limit = intParam(q.limit, 50, 1, 50);
    if (limit === null) return invalid(c, 'limit must be a whole number from 1 to 50', 'limit');
    const all = (await feedsOf(deps, account))
      .filter((f) => !q.feedId || f.feedId === q.feedId)
      .sort((a, b) => b.submittedAt - a.submittedAt || a.feedId.localeCompare(b.feedId));
    const partnerId = sellerTag(account);
    return c.json({
      totalResults: all.length,
      offset,
      limit,
      results: { feed: all.slice(offset, offset + limit).map((f) => feedSummaryAt(f, now(), partnerId)) },
    });
  });
}
