/**
 * The 'walmart.feed' operation kind: an item feed sent to Walmart (POST /v3/feeds), followed by
 * getFeedItemStatus with each item's ingestion status until Walmart has processed it. RECEIVED and
 * INPROGRESS are IN_PROGRESS; PROCESSED with every item SUCCESS is SUCCESS; ERROR (the file as a
 * whole) or any item that did not succeed is FAILED, with one problem per ingestion error carrying
 * Walmart's code and words and naming the item's SKU (`details`), so a screen can list them per SKU.
 */
import type { Deps } from '../../context.js';
import { ingestionErrorsOf, type IngestionError } from '../../integrations/walmart/feeds-models.js';
import type { StoreRecord } from '../stores/service.js';
import { walmartClientFor } from '../stores/walmart.js';
import type { OperationState } from './kinds.js';

const problemOf = (e: IngestionError, sku: string | null): OperationState['problems'][number] => {
  const said = e.description ?? e.code;
  const where = e.field ? ` (${e.field})` : '';
  return {
    code: e.code,
    message: `${sku ? `SKU ${sku}: ` : ''}${said}${where}`,
    severity: 'ERROR',
    ...(sku ? { details: sku } : {}),
  };
};

export async function askWalmartFeed(deps: Deps, store: StoreRecord, feedId: string): Promise<OperationState> {
  const feed = await walmartClientFor(deps, store).feeds.statusWithItems(feedId);
  const operation = 'itemBulkUploads';
  if (feed.feedStatus === 'RECEIVED' || feed.feedStatus === 'INPROGRESS')
    return { operation, status: 'IN_PROGRESS', problems: [] };
  if (feed.feedStatus === 'ERROR') {
    const errors = ingestionErrorsOf(feed);
    return {
      operation,
      status: 'FAILED',
      problems: errors.length
        ? errors.map((e) => problemOf(e, null))
        : [{ code: 'ERROR', message: 'Walmart could not process the feed file', severity: 'ERROR' }],
    };
  }
  const items = feed.itemDetails.itemIngestionStatus;
  // PROCESSED says every item has its outcome; one still INPROGRESS is asked about again.
  if (items.some((i) => i.ingestionStatus === 'INPROGRESS')) return { operation, status: 'IN_PROGRESS', problems: [] };
  const problems = items
    .filter((i) => i.ingestionStatus !== 'SUCCESS')
    .flatMap((i) => {
      const errors = ingestionErrorsOf(i);
      return errors.length
        ? errors.map((e) => problemOf(e, i.sku ?? null))
        : [
            problemOf(
              { type: i.ingestionStatus, code: i.ingestionStatus, description: 'Walmart did not set the item up' },
              i.sku ?? null,
            ),
          ];
    });
  return {
    operation,
    status: problems.length || feed.itemsFailed > 0 ? 'FAILED' : 'SUCCESS',
    problems,
  };
}
