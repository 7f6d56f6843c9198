/**
 * A plan's lines and the units they hold (decisions 0010, 0013): new lines hold their units, changed
 * ones hold the new quantity, removed ones give theirs back — after checking, under each product's
 * lock, that no line takes more than is free at the plan's prep station (PREP-FBA, PREP-WFS).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { catalogueProductKey } from '../../../domain/rules/product-key.js';
import { labelOwnerFor, type PlanLineInput } from '../../../domain/schemas/fba.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { products, shipmentPlanItems } from '../../db/schema/index.js';
import { ApiError, businessRule, notFound } from '../../http/errors.js';
import type { Words } from '../../http/words.js';
import type { StoreRecord } from '../stores/service.js';
import { planItemsOf, type PlanRecord } from './plan-record.js';
import { lineCodes, listingsOf } from './precheck.js';
import { labelingPreferenceOf } from './preferences.js';
import { FBA_STATION, hold, lockKeys, rehold, release, stockOf, WFS_STATION } from './reservations.js';

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

/**
 * Makes the plan's lines the given ones: new lines hold their units, changed ones hold the new
 * quantity, removed ones give theirs back — after checking, under each product's lock, that no
 * line takes more than is free at the station. Answers a summary for the journal.
 */
export async function writeLines(
  tx: DbOrTx,
  ctx: RequestContext,
  plan: PlanRecord,
  store: StoreRecord,
  lines: PlanLineInput[],
  at: string,
): Promise<Words> {
  // Each channel takes units from its own prep station; a WFS unit carries no Amazon codes.
  const wfs = plan.channel === 'wfs';
  const station = wfs ? WFS_STATION : FBA_STATION;
  const existing = await planItemsOf(tx, plan.id);
  const ids = lines.map((l) => l.productId);
  const found = ids.length
    ? await tx
        .select()
        .from(products)
        .where(and(eq(products.tenantId, plan.tenantId), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const id of ids) {
    const p = byId.get(id);
    if (!p || (ctx.isClient && p.companyId !== ctx.companyId)) throw notFound(`Product ${id}`);
    if (p.companyId !== plan.companyId)
      throw businessRule(`Product ${id} (${p.title}) belongs to another client than the plan`);
  }
  const keyOf = new Map(found.map((p) => [p.id, catalogueProductKey(p)]));
  const keys = [...keyOf.values(), ...existing.map((i) => i.productKey)];
  await lockKeys(tx, plan.tenantId, plan.companyId, keys);
  const stock = await stockOf(tx, plan.tenantId, plan.companyId, [...new Set(keys)], station);
  const before = new Map(existing.map((i) => [i.productId, i]));
  // What this plan holds per key now (a key's line may be leaving the plan while another takes it).
  const ownHeld = new Map<string, number>();
  for (const i of existing) ownHeld.set(i.productKey, (ownHeld.get(i.productKey) ?? 0) + i.quantity);

  const short: string[] = [];
  for (const l of lines) {
    const key = keyOf.get(l.productId)!;
    const had = before.get(l.productId)?.quantity ?? 0;
    if (l.quantity <= had) continue;
    const s = stock.get(key)!;
    const free = Math.max(0, s.onHand - (s.held - (ownHeld.get(key) ?? 0)));
    if (l.quantity > free)
      short.push(
        `Only ${units(free)} of ${byId.get(l.productId)!.title} (${key}) ${free === 1 ? 'is' : 'are'} available at ${station}; the plan asks for ${l.quantity}`,
      );
  }
  if (short.length) throw new ApiError(412, short);

  const wanted = new Set(ids);
  const removed = existing.filter((i) => !wanted.has(i.productId));
  if (removed.length) {
    await release(
      tx,
      plan.id,
      removed.map((i) => i.id),
      at,
    );
    await tx.delete(shipmentPlanItems).where(
      inArray(
        shipmentPlanItems.id,
        removed.map((i) => i.id),
      ),
    );
  }
  const listings = await listingsOf(tx, store, found);
  // Walmart needs no item label of ours unless the line asks for one.
  const defaultLabelOwner = wfs ? 'NONE' : labelOwnerFor(await labelingPreferenceOf(tx, plan.tenantId, plan.companyId));
  const valuesOf = (l: PlanLineInput) => {
    const p = byId.get(l.productId)!;
    const codes = lineCodes(p, listings.get(p.id));
    return {
      productKey: keyOf.get(l.productId)!,
      ...(wfs ? { msku: codes.msku, fnsku: null, asin: null } : codes),
      title: p.title,
      quantity: l.quantity,
      labelOwner: l.labelOwner ?? defaultLabelOwner,
      prepOwner: l.prepOwner,
      expiration: l.expiration ?? null,
      manufacturingLotCode: l.manufacturingLotCode ?? null,
      updatedAt: at,
    };
  };
  let changed = 0;
  for (const l of lines) {
    const old = before.get(l.productId);
    if (!old) continue;
    const values = valuesOf(l);
    await tx.update(shipmentPlanItems).set(values).where(eq(shipmentPlanItems.id, old.id));
    if (old.quantity !== l.quantity || old.productKey !== values.productKey) {
      changed++;
      await rehold(tx, old.id, values.productKey, l.quantity, at);
    }
  }
  const added = lines.filter((l) => !before.has(l.productId));
  if (added.length) {
    const inserted = await tx
      .insert(shipmentPlanItems)
      .values(
        added.map((l) => ({
          ...valuesOf(l),
          tenantId: plan.tenantId,
          companyId: plan.companyId,
          planId: plan.id,
          productId: l.productId,
          createdAt: at,
        })),
      )
      .returning({
        id: shipmentPlanItems.id,
        productKey: shipmentPlanItems.productKey,
        quantity: shipmentPlanItems.quantity,
      });
    await hold(
      tx,
      inserted.map((i) => ({
        tenantId: plan.tenantId,
        companyId: plan.companyId,
        planId: plan.id,
        planItemId: i.id,
        productKey: i.productKey,
        quantity: i.quantity,
        station,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const changes: Words[] = [
    ...(added.length ? [{ key: 'journal.added', params: { count: added.length } }] : []),
    ...(changed ? [{ key: 'journal.changed', params: { count: changed } }] : []),
    ...(removed.length ? [{ key: 'journal.removed', params: { count: removed.length } }] : []),
  ];
  // "2 SKUs, 36 units held at PREP-FBA (2 added)", in the reader's language.
  const summary: Words = {
    key: 'journal.linesSummary',
    params: { count: lines.length, units: { key: 'journal.units', params: { count: total } }, station },
  };
  return changes.length ? { key: 'journal.changes', params: { summary, changes } } : summary;
}
