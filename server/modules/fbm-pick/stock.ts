/**
 * FBM's own pickable stock (decision 0017): a client's sellable units in storage bins and at
 * FBM-SHELF — never at RECEIVING, the FBA/WFS prep stations, the packing cart, docks or desks —
 * minus what FBM order lines hold (item_reservations, station 'FBM'). Another client's units never
 * count: every query is one tenant's one client.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NOT_PICKABLE_LOCATIONS, NOT_PICKABLE_TYPES } from '../../../domain/rules/fbm-pick.js';
import { FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { lockKeys } from '../fba/reservations.js';

const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Balances (alias b) at places FBM may pick from; joins warehouse_locations as l. */
export const pickableFrom = (tenantId: number, companyId: number, keys: string[]): SQL =>
  sql`inventory_balances b
    join warehouse_locations l on l.tenant_id = b.tenant_id and l.code = b.location
    where b.tenant_id = ${tenantId} and b.company_id = ${companyId} and b.condition = 'sellable' and b.quantity > 0
      and b.product_key in (${list(keys)})
      and b.location not in (${list(NOT_PICKABLE_LOCATIONS)})
      and l.type not in (${list(NOT_PICKABLE_TYPES)})`;

export interface FbmStock {
  onHand: number;
  held: number;
}

/** Pickable on hand and FBM-held units per product key of one client (keys without either: zeros). */
export async function fbmStock(
  tx: DbOrTx,
  tenantId: number,
  companyId: number,
  keys: string[],
): Promise<Map<string, FbmStock>> {
  const found = new Map<string, FbmStock>(keys.map((k) => [k, { onHand: 0, held: 0 }]));
  if (!keys.length) return found;
  const rows = await selectRows<{ product_key: string; on_hand: number | null; held: number | null }>(
    tx,
    sql`select coalesce(o.product_key, h.product_key) as product_key, o.on_hand, h.held
      from (select b.product_key, sum(b.quantity)::int as on_hand from ${pickableFrom(tenantId, companyId, keys)}
            group by b.product_key) o
      full join (select product_key, sum(quantity)::int as held from item_reservations
            where tenant_id = ${tenantId} and company_id = ${companyId} and station = ${FBM_RESERVATION_STATION}
              and state = 'held' and product_key in (${list(keys)})
            group by product_key) h on h.product_key = o.product_key`,
  );
  for (const r of rows) found.set(r.product_key, { onHand: Number(r.on_hand ?? 0), held: Number(r.held ?? 0) });
  return found;
}

/**
 * The same advisory lock per client and product key as FBA plans take (fba/reservations.ts), in
 * (client, key) order: whoever holds or picks a client's product waits for the other, so two
 * reserve calls, a reserve and a pick, never read the same free units.
 */
export async function lockProducts(tx: DbOrTx, tenantId: number, byCompany: Map<number, string[]>): Promise<void> {
  for (const companyId of [...byCompany.keys()].sort((a, b) => a - b))
    await lockKeys(tx, tenantId, companyId, byCompany.get(companyId)!);
}
