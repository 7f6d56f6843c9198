/**
 * The Walmart sandbox's feeds, per seller account (sandbox_records, kind "feed"): each feed as it
 * was received — its items' outcome decided on arrival, since the file does not change — and its
 * progress read off the sandbox clock, so every poll of the same moment sees the same thing:
 *  - RECEIVED for RECEIVED_MS after submission (Walmart has the file, processing not started),
 *  - INPROGRESS while its items are ingested one after another over PROCESSING_MS,
 *  - PROCESSED once every item has its outcome, or ERROR (from RECEIVED_MS) for a file Walmart
 *    could not read at all.
 * An item that succeeded is in the catalogue from the moment it is ingested (items.ts `review`).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  ITEM_FEED_TYPES,
  type FeedStatus,
  type FeedSummary,
  type ItemIngestionStatus,
} from '../../integrations/walmart/feeds-models.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';

export const RECEIVED_MS = 100;
export const PROCESSING_MS = 300;
/** How long an item set up by a feed stays under review before Walmart publishes it. */
export const REVIEW_MS = 1000;

const ingestionErrorRecord = z.object({
  type: z.string(),
  code: z.string(),
  field: z.string().optional(),
  description: z.string(),
});

export const feedRecordSchema = z.object({
  feedId: z.string(),
  feedType: z.enum(ITEM_FEED_TYPES),
  /** Epoch ms on the sandbox clock. */
  submittedAt: z.number(),
  fileName: z.string(),
  /** Why the feed as a whole failed (empty: it was read). */
  feedErrors: z.array(ingestionErrorRecord),
  items: z.array(
    z.object({
      sku: z.string().nullable(),
      gtin: z.string().nullable(),
      wpid: z.string().nullable(),
      itemId: z.string().nullable(),
      errors: z.array(ingestionErrorRecord),
    }),
  ),
});
export type FeedRecord = z.infer<typeof feedRecordSchema>;

const feedSet = (account: string): RecordSet<FeedRecord> => ({
  provider: 'walmart',
  account,
  kind: 'feed',
  schema: feedRecordSchema,
  keyOf: (f) => f.feedId,
});

export const feedsOf = (deps: Deps, account: string) => recordsOf(deps, feedSet(account), () => []);
export const feedOf = async (deps: Deps, account: string, feedId: string) => {
  // A first read seeds the (empty) set, so the lookup below is the account's own.
  await feedsOf(deps, account);
  return getRecord(deps, feedSet(account), feedId);
};
export const saveFeed = (deps: Deps, account: string, feed: FeedRecord) => putRecord(deps, feedSet(account), feed);

/** Walmart's feed id: 32 hexadecimal digits, "@" and a routing suffix (e.g. F129…4997@AU8BAQA). */
export function newFeedId(account: string, seq: number, at: number, file: string): string {
  const hash = createHash('sha256').update(`walmart-feed/${account}/${seq}/${at}/${file}`).digest('hex');
  return `${hash.slice(0, 32).toUpperCase()}@AU8BAQA`;
}

/** When the item at `index` of the feed has its outcome. */
export const itemDoneAt = (f: FeedRecord, index: number) =>
  f.submittedAt + RECEIVED_MS + Math.ceil((PROCESSING_MS * (index + 1)) / Math.max(1, f.items.length));

function itemStatusAt(f: FeedRecord, index: number, now: number): ItemIngestionStatus {
  const item = f.items[index];
  const done = now >= itemDoneAt(f, index);
  return {
    martId: 0,
    index,
    ...(item.sku ? { sku: item.sku } : {}),
    ...(done && item.wpid ? { wpid: item.wpid } : {}),
    ...(done && item.itemId ? { itemid: item.itemId } : {}),
    ingestionStatus: !done ? 'INPROGRESS' : item.errors.length ? 'DATA_ERROR' : 'SUCCESS',
    ingestionErrors: { ingestionError: done ? item.errors : [] },
  };
}

export function feedStatusAt(
  f: FeedRecord,
  now: number,
  details: { offset: number; limit: number } | null,
): FeedStatus {
  const failed = f.feedErrors.length > 0;
  const started = now >= f.submittedAt + RECEIVED_MS;
  const statuses = f.items.map((_, i) => itemStatusAt(f, i, now));
  const count = (s: ItemIngestionStatus['ingestionStatus'][]) =>
    statuses.filter((x) => s.includes(x.ingestionStatus)).length;
  const processing = count(['INPROGRESS']);
  return {
    feedId: f.feedId,
    feedStatus: !started ? 'RECEIVED' : failed ? 'ERROR' : processing ? 'INPROGRESS' : 'PROCESSED',
    feedSubmissionDate: f.submittedAt,
    ...(failed && started ? { ingestionErrors: { ingestionError: f.feedErrors } } : {}),
    itemsReceived: f.items.length,
    itemsSucceeded: count(['SUCCESS']),
    itemsFailed: count(['DATA_ERROR', 'SYSTEM_ERROR', 'TIMEOUT_ERROR']),
    itemsProcessing: processing,
    ...(details
      ? {
          offset: details.offset,
          limit: details.limit,
          itemDetails: { itemIngestionStatus: statuses.slice(details.offset, details.offset + details.limit) },
        }
      : {}),
  };
}

/** The feed as getAllFeedStatuses lists it. */
export function feedSummaryAt(f: FeedRecord, now: number, partnerId: string): FeedSummary {
  const s = feedStatusAt(f, now, null);
  const lastItem = f.items.length ? itemDoneAt(f, f.items.length - 1) : f.submittedAt + RECEIVED_MS;
  return {
    feedId: f.feedId,
    feedSource: 'MARKETPLACE_PARTNER',
    feedType: f.feedType,
    partnerId,
    itemsReceived: s.itemsReceived,
    itemsSucceeded: s.itemsSucceeded,
    itemsFailed: s.itemsFailed,
    itemsProcessing: s.itemsProcessing,
    feedStatus: s.feedStatus,
    feedDate: f.submittedAt,
    modifiedDtm: Math.min(now, Math.max(f.submittedAt, lastItem)),
    fileName: f.fileName,
  };
}
