/**
 * Where an FBM order's parcels leave from (the warehouse's address) and go to (the buyer's, as the
 * marketplace gave it), in the rate shop's address shape; what is missing is said in words.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { stateRequired } from '../../../domain/rules/addresses.js';
import type { ShipAddress } from '../../../domain/schemas/shipping.js';
import type { DbOrTx } from '../../db/client.js';
import { addresses, companies, marketplaceOrders, warehouses } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';

/**
 * The tenant's default ship-from site when it has an address (else the first active site with one);
 * else the warehouse company's default address. Who it is from: the site's address name, else the
 * warehouse company's name.
 */
export async function shipFromOf(db: DbOrTx, tenantId: number): Promise<ShipAddress> {
  const [owner] = await db
    .select({ id: companies.id, name: companies.name, phone: companies.phone })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.isOwner, true)));
  const list = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.active, true)))
    .orderBy(desc(warehouses.defaultShipFrom), asc(warehouses.id));
  const w = list.find((x) => x.line1 && x.city && x.postalCode);
  if (w)
    return {
      name: w.addressName ?? owner?.name ?? w.name,
      phone: w.phone ?? owner?.phone ?? undefined,
      line1: w.line1!,
      line2: w.line2 ?? undefined,
      city: w.city!,
      state: w.state ?? '',
      postalCode: w.postalCode!,
      countryCode: (w.countryCode ?? 'US').toUpperCase(),
    };
  if (owner) {
    const [a] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.tenantId, tenantId), eq(addresses.companyId, owner.id)))
      .orderBy(desc(addresses.isDefault), asc(addresses.id))
      .limit(1);
    if (a)
      return {
        name: owner.name,
        phone: owner.phone ?? undefined,
        line1: a.line1,
        line2: a.line2 ?? undefined,
        city: a.city,
        state: a.state ?? '',
        postalCode: a.postalCode,
        countryCode: a.countryCode.toUpperCase(),
      };
  }
  throw businessRule(
    'Enter the address of the warehouse’s default ship-from site in Settings › Warehouses so carriers know where parcels leave from',
  );
}

/** What the order's ship-to address lacks for a label (empty: nothing). */
export function shipToMissing(order: Pick<typeof marketplaceOrders.$inferSelect, 'shipTo'>): string[] {
  const a = order.shipTo;
  const country = (a?.countryCode ?? 'US').toUpperCase();
  const missing: string[] = !a
    ? ['address']
    : (['name', 'line1', 'city', 'postalCode'] as const).filter((k) => !a[k]?.trim());
  // Carriers route by state where the country has them (domain/rules/addresses); elsewhere an address may have none.
  if (a && stateRequired(country) && !a.state?.trim()) missing.push('state');
  return missing;
}

export function shipToOf(order: typeof marketplaceOrders.$inferSelect): ShipAddress {
  const a = order.shipTo;
  const country = (a?.countryCode ?? 'US').toUpperCase();
  const missing = shipToMissing(order);
  if (!a || missing.length)
    throw businessRule(
      `Order ${order.marketplaceOrderId} has no complete ship-to address (${missing.join(', ')} missing): refresh it from the store`,
    );
  return {
    name: a.name!,
    phone: a.phone ?? undefined,
    line1: a.line1!,
    line2: a.line2 ?? undefined,
    city: a.city!,
    state: a.state ?? '',
    postalCode: a.postalCode!,
    countryCode: country,
  };
}
