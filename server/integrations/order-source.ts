/**
 * What the `stores.pull-orders` job needs from a marketplace: the orders changed since a moment,
 * a page at a time, already mapped into Dockside's shape (domain/schemas/orders.ts). Each
 * provider's `order-source.ts` implements it over its own client, so the job never knows a
 * marketplace's paths or shapes.
 */
import type { OrderPage } from '../../domain/schemas/orders.js';

export interface OrderSource {
  /**
   * Orders created or changed at or after `since`, oldest change first where the marketplace
   * allows it; `next` is the previous page's `next` (null for the first page).
   */
  changedSince(since: Date, next: string | null): Promise<OrderPage>;
}
