/**
 * Adjustments: on-hand changed without a move (a cycle count, units found or lost, disposed…),
 * always with a reason, the user and the audit trail; never below zero.
 */
import { likePrefix } from '../../http/like.js';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import { applyMovement } from '../../../domain/rules/ledger.js';
import type { AdjustmentInput } from '../../../domain/schemas/inventory.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { companies, inventoryBalances, inventoryLedger, users } from '../../db/schema/index.js';
import { businessRule, forbidden, notFound, needsPermission, refusal } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { postLedger } from './ledger.js';
import { resolvePlace, resolveProductKey } from './places.js';

export async function adjustInventory(deps: Deps, ctx: RequestContext, input: AdjustmentInput) {
  if (ctx.isClient || !can(ctx.abilities, 'update', 'manageInventory'))
    throw forbidden(needsPermission('update', 'manageInventory'));
  return deps.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, input.companyId), eq(companies.tenantId, ctx.tenantId)));
    if (!company) throw notFound('Client');
    const place = await resolvePlace(tx, ctx, input.location);
    if (place.kind !== 'location')
      throw businessRule(refusal('refusals.stock.lpnAsLocation', { code: input.location }));
    if (input.lpn) {
      const lpn = await resolvePlace(tx, ctx, input.lpn);
      if (lpn.kind !== 'lpn') throw notFound(`LPN ${input.lpn}`);
      if (lpn.location !== input.location)
        throw businessRule(
          lpn.location
            ? refusal('refusals.stock.lpnElsewhere', { lpn: input.lpn, at: lpn.location, location: input.location })
            : refusal('refusals.stock.lpnNowhere', { lpn: input.lpn, location: input.location }),
        );
    }
    const productKey = await resolveProductKey(tx, ctx, input.companyId, input.productCode);
    const key = {
      tenantId: ctx.tenantId,
      companyId: input.companyId,
      productKey,
      location: input.location,
      lpn: input.lpn ?? '',
      condition: input.condition,
    };
    const [line] = await tx
      .select({ quantity: inventoryBalances.quantity, title: inventoryBalances.title })
      .from(inventoryBalances)
      .where(and(...Object.entries(key).map(([k, v]) => eq(inventoryBalances[k as keyof typeof key], v))))
      .for('update');
    const check = applyMovement(line?.quantity ?? 0, input.quantity);
    if (!check.ok) throw businessRule(`${productKey} at ${input.lpn ?? input.location}: ${check.message}`);
    const ref = randomUUID();
    await postLedger(tx, [
      {
        ...key,
        quantity: input.quantity,
        reason: `adjust_${input.reason}`,
        refType: 'adjustment',
        refId: ref,
        userId: ctx.userId,
        deviceId: null,
      },
    ]);
    await audit(
      tx,
      ctx,
      'inventory',
      ref,
      'update',
      { quantity: line?.quantity ?? 0 },
      { ...key, quantity: check.after, delta: input.quantity, reason: input.reason, note: input.note ?? null },
    );
    return {
      companyId: key.companyId,
      productKey,
      location: key.location,
      lpn: key.lpn,
      condition: key.condition,
      title: line?.title ?? null,
      before: line?.quantity ?? 0,
      after: check.after,
    };
  });
}

/** The ledger rows behind a snapshot line (or a client's, a product's, a place's), newest first. */
export async function ledgerEntries(
  deps: Deps,
  ctx: RequestContext,
  q: { companyId?: number; productKey?: string; location?: string; lpn?: string; limit?: number },
) {
  return deps.db
    .select({
      id: inventoryLedger.id,
      at: inventoryLedger.at,
      companyId: inventoryLedger.companyId,
      productKey: inventoryLedger.productKey,
      location: inventoryLedger.location,
      lpn: inventoryLedger.lpn,
      condition: inventoryLedger.condition,
      quantity: inventoryLedger.quantity,
      reason: inventoryLedger.reason,
      refType: inventoryLedger.refType,
      refId: inventoryLedger.refId,
      user: users.fullname,
      deviceId: inventoryLedger.deviceId,
    })
    .from(inventoryLedger)
    .leftJoin(users, eq(users.id, inventoryLedger.userId))
    .where(
      and(
        scoped(ctx, inventoryLedger.tenantId, inventoryLedger.companyId, !ctx.isClient),
        q.companyId && !ctx.isClient ? eq(inventoryLedger.companyId, q.companyId) : undefined,
        q.productKey ? eq(inventoryLedger.productKey, q.productKey) : undefined,
        q.location ? like(inventoryLedger.location, likePrefix(q.location)) : undefined,
        q.lpn ? eq(inventoryLedger.lpn, q.lpn) : undefined,
      ),
    )
    .orderBy(desc(inventoryLedger.at), desc(inventoryLedger.id))
    .limit(Math.min(q.limit ?? 200, 1000));
}
