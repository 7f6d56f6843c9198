/**
 * The orders desk's bulk cancel / reopen of every shipment (issue 20, the list form of
 * /order/{id}/cancel/all/shipment and /order/{id}/reopen/all/shipment). Each order goes through
 * undo.ts on its own transaction under its row lock, so an order is undone whole or not at all,
 * the ledger is put back exactly once per order (the shipment's status is the guard), and one
 * order refused (another client's, shipped, gone) never stops the others. One result per order,
 * in the order asked, a refusal in the server's words.
 */
import type { BulkOrderIdsInput, BulkUndoResult } from '../../../domain/schemas/fbm-ship.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { warehouseOnly } from './ship.js';
import { cancelAllShipments, reopenOrder } from './undo.js';

type Row = BulkUndoResult['results'][number];

const blank = { status: null, cancelled: 0, unitsBack: 0, toldMarketplace: 0, reopened: false, held: 0 };

const refused = (orderId: number, err: unknown): Row => {
  // Anything but a refusal (the database gone) is the whole call's failure, not an order's.
  if (!(err instanceof ApiError)) throw err;
  return { orderId, ok: false, ...blank, message: err.messages.join('; ') };
};

const summary = (results: Row[]): BulkUndoResult => ({
  results,
  done: results.filter((r) => r.ok).length,
  failed: results.filter((r) => !r.ok).length,
});

export async function bulkCancelShipments(
  deps: Deps,
  ctx: RequestContext,
  input: BulkOrderIdsInput,
): Promise<BulkUndoResult> {
  warehouseOnly(ctx, 'Shipments are cancelled by the warehouse');
  const results: Row[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    try {
      const r = await cancelAllShipments(deps, ctx, orderId);
      const words = [
        ...(r.toldMarketplace
          ? [`The marketplace was told of ${r.toldMarketplace} shipment(s) and still shows them shipped`]
          : []),
        ...(r.pricedEvents ? [`${r.pricedEvents} charged event(s) credited`] : []),
        ...(r.cancelled ? [] : ['No shipment to cancel']),
      ];
      results.push({
        orderId,
        ok: true,
        ...blank,
        status: r.status,
        cancelled: r.cancelled,
        unitsBack: r.unitsBack,
        toldMarketplace: r.toldMarketplace,
        message: words.length ? words.join('; ') : null,
      });
    } catch (err) {
      results.push(refused(orderId, err));
    }
  }
  return summary(results);
}

export async function bulkReopenOrders(
  deps: Deps,
  ctx: RequestContext,
  input: BulkOrderIdsInput,
): Promise<BulkUndoResult> {
  warehouseOnly(ctx, 'Orders are reopened by the warehouse');
  const results: Row[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    try {
      const r = await reopenOrder(deps, ctx, orderId);
      const words = r.reopened ? r.notHeld.map((n) => n.message) : ['The order is open already'];
      results.push({
        orderId,
        ok: true,
        ...blank,
        status: r.status,
        reopened: r.reopened,
        held: r.held,
        message: words.length ? words.join('; ') : null,
      });
    } catch (err) {
      results.push(refused(orderId, err));
    }
  }
  return summary(results);
}
