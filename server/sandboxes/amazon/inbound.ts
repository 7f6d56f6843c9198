/**
 * Fulfillment Inbound v2024-03-20 in the Amazon sandbox: inbound plans and their asynchronous
 * operations, stateful per seller like Amazon's. A POST is checked at once (the request's shape,
 * one destination marketplace, at most 1,500 SKUs) and answers an operationId; the operation is
 * IN_PROGRESS for a moment, then SUCCESS — or FAILED with operationProblems naming the SKU and
 * what to fix (codes FBA_INB-xxxx chosen by the sandbox in Amazon's style).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  createInboundPlanRequestSchema,
  planItemSchema,
  type PlanItem,
} from '../../integrations/amazon/inbound-models.js';
import { code, rng } from '../random.js';
import { getRecord, recordsOf } from '../records.js';
import { labelRoutes } from './inbound-labels.js';
import { receivingRoutes } from './inbound-receiving.js';
import { packingRoutes } from './inbound-packing.js';
import { deliveryWindowRoutes } from './inbound-delivery.js';
import { placementRoutes } from './inbound-placement.js';
import { partneredVoidWindow, transportRoutes } from './inbound-transport.js';
import { inboundState, OPERATION_MS, type Problem, type SpError } from './inbound-state.js';
import { fbaInventoryOf } from './state.js';
import { prepProblems, prepRoutes } from './inbound-prep.js';
import { dangerousGoodsProblems } from './listings.js';

const MAX_SKUS = 1_500;
const NA_MARKETPLACES = ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2', 'A2Q3Y263D00KWC', 'A1AM78C64UM0Y8'];

export function inboundRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string | null, spError: SpError): void {
  const base = '/inbound/fba/2024-03-20';
  const st = inboundState(deps, sellerOf);
  const { now, plans, operations, start, planOf } = st;
  app.post(`${base}/inboundPlans`, async (c) => {
    const seller = sellerOf(c)!;
    const parsed = createInboundPlanRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return spError(c, 400, 'InvalidInput', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const req = parsed.data;
    const marketplaceId = req.destinationMarketplaces[0];
    if (!NA_MARKETPLACES.includes(marketplaceId))
      return spError(
        c,
        400,
        'InvalidInput',
        `destinationMarketplaces: ${marketplaceId} is not a marketplace of this region`,
      );
    const mskus = new Set(req.items.map((i) => i.msku));
    if (mskus.size !== req.items.length)
      return spError(c, 400, 'InvalidInput', 'items: each MSKU may appear once; add the quantities together');
    if (mskus.size > MAX_SKUS)
      return spError(
        c,
        400,
        'InvalidInput',
        `items: an inbound plan holds at most ${MAX_SKUS} SKUs; this one has ${mskus.size}`,
      );
    const today = new Date(now()).toISOString().slice(0, 10);
    const problems: Problem[] = req.items
      .filter((i) => i.expiration && i.expiration <= today)
      .map((i) => ({
        code: 'FBA_INB-0135',
        severity: 'ERROR',
        message: `MSKU ${i.msku}: the expiration date ${i.expiration} has passed`,
        details: 'Units must reach the fulfilment centre well before they expire; remove them from the plan.',
      }));
    const known = new Map((await fbaInventoryOf(deps, seller, marketplaceId)).map((s) => [s.sellerSku, s]));
    const prep = await prepProblems(
      deps,
      seller,
      marketplaceId,
      req.items.map((i) => i.msku),
    );
    problems.push(...prep.problems, ...(await dangerousGoodsProblems(deps, seller, marketplaceId, [...mskus])));
    const items: PlanItem[] = req.items.map((i) => {
      const listed = known.get(i.msku);
      const detail = prep.details.get(i.msku)!;
      for (const [who, owner, constraint] of [
        ['label', i.labelOwner, detail.labelOwnerConstraint],
        ['prep', i.prepOwner, detail.prepOwnerConstraint],
      ] as const)
        if (constraint && owner !== constraint.replace('_ONLY', ''))
          problems.push({
            code: 'FBA_INB-0185',
            severity: 'ERROR',
            message: `MSKU ${i.msku}: the ${who} owner must be ${constraint.replace('_ONLY', '')}, not ${owner}`,
            details: `Amazon accepts only ${constraint.replace('_ONLY', '')} as ${who} owner of this SKU.`,
          });
      // Amazon's instructions: the label (by its owner), then what the SKU's prep category asks for.
      const prepInstructions = [
        ...(i.labelOwner !== 'NONE' ? [{ prepType: 'ITEM_LABELING', prepOwner: i.labelOwner }] : []),
        ...detail.prepTypes
          .filter((t) => t !== 'ITEM_NO_PREP' && i.prepOwner !== 'NONE')
          .map((prepType) => ({ prepType, prepOwner: i.prepOwner })),
      ].map((p) => (p.prepOwner === 'AMAZON' ? { ...p, fee: { amount: 0.55, code: 'USD' } } : p));
      return planItemSchema.parse({
        msku: i.msku,
        asin: listed?.asin ?? code(rng(`asin/${i.msku}`), 'B0', 10),
        fnsku: listed?.fnSku ?? code(rng(`fnsku/${seller}/${i.msku}`), 'X00', 10),
        quantity: i.quantity,
        labelOwner: i.labelOwner,
        prepInstructions,
        ...(i.expiration ? { expiration: i.expiration } : {}),
        ...(i.manufacturingLotCode ? { manufacturingLotCode: i.manufacturingLotCode } : {}),
      });
    });
    const inboundPlanId = `wf${createHash('sha256').update(randomUUID()).digest('hex').slice(0, 36)}`;
    const at = new Date(now()).toISOString();
    const { phoneNumber: _phone, ...sourceAddress } = req.sourceAddress;
    await st.save(seller, {
      plan: {
        inboundPlanId,
        name: req.name ?? `FBA STA (${at.slice(0, 10)})`,
        status: problems.length ? 'ERRORED' : 'ACTIVE',
        marketplaceIds: [marketplaceId],
        sourceAddress: { ...sourceAddress, phoneNumber: req.sourceAddress.phoneNumber },
        createdAt: at,
        lastUpdatedAt: at,
        packingOptions: [],
        placementOptions: [],
        shipments: [],
      },
      items,
    });
    const operationId = await start(seller, 'createInboundPlan', problems);
    return c.json({ inboundPlanId, operationId }, 202);
  });

  app.get(`${base}/inboundPlans`, async (c) => {
    const q = c.req.query();
    const pageSize = Number(q.pageSize ?? 10);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 30)
      return spError(c, 400, 'InvalidInput', 'pageSize: from 1 to 30');
    const all = (await recordsOf(deps, plans(sellerOf(c)!), () => []))
      .map((p) => p.plan)
      .filter((p) => !q.status || p.status === q.status)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const from = q.paginationToken ? Number(Buffer.from(q.paginationToken, 'base64url').toString()) : 0;
    if (!Number.isInteger(from) || from < 0)
      return spError(c, 400, 'InvalidInput', 'paginationToken: not one this operation issued');
    const page = all
      .slice(from, from + pageSize)
      .map(({ packingOptions: _a, placementOptions: _b, shipments: _c, ...s }) => s);
    const next = from + pageSize < all.length ? Buffer.from(String(from + pageSize)).toString('base64url') : undefined;
    return c.json({ inboundPlans: page, ...(next ? { pagination: { nextToken: next } } : {}) });
  });

  app.get(`${base}/inboundPlans/:inboundPlanId`, async (c) => {
    const found = await planOf(c);
    return found ? c.json(found.plan) : spError(c, 404, 'NotFound', 'The inbound plan was not found');
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/items`, async (c) => {
    const found = await planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    const pageSize = Math.min(Number(c.req.query('pageSize') ?? 10) || 10, 1000);
    const from = c.req.query('paginationToken')
      ? Number(Buffer.from(c.req.query('paginationToken')!, 'base64url').toString())
      : 0;
    const next =
      from + pageSize < found.items.length ? Buffer.from(String(from + pageSize)).toString('base64url') : undefined;
    return c.json({
      items: found.items.slice(from, from + pageSize),
      ...(next ? { pagination: { nextToken: next } } : {}),
    });
  });

  app.put(`${base}/inboundPlans/:inboundPlanId/cancellation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    if (found.plan.status !== 'ACTIVE')
      return spError(
        c,
        400,
        'InvalidInput',
        `The inbound plan is ${found.plan.status}: only an active plan can be cancelled`,
      );
    // A partnered carrier's charge can be voided only for a while after transportation is confirmed.
    const closed = partneredVoidWindow(found).find((w) => w.until < now());
    if (closed)
      return spError(
        c,
        400,
        'InvalidInput',
        `Shipment ${closed.shipmentId} travels with Amazon's partnered carrier and its void window closed at ${new Date(closed.until).toISOString()}: the plan can no longer be cancelled`,
      );
    const at = new Date(now()).toISOString();
    const cancelled = <S extends { status?: string }>(s: S): S => ({ ...s, status: 'CANCELLED' });
    await st.save(seller, {
      ...found,
      plan: {
        ...found.plan,
        status: 'VOIDED',
        lastUpdatedAt: at,
        shipments: found.plan.shipments?.map(cancelled),
      },
      ...(found.placement
        ? { placement: { ...found.placement, shipments: found.placement.shipments.map(cancelled) } }
        : {}),
    });
    return c.json({ operationId: await start(seller, 'cancelInboundPlan', []) }, 202);
  });

  packingRoutes(app, base, st, sellerOf, spError);
  placementRoutes(app, base, st, sellerOf, spError);
  transportRoutes(app, base, st, sellerOf, spError);
  deliveryWindowRoutes(app, base, st, sellerOf, spError);
  labelRoutes(app, deps, st, sellerOf, spError);
  prepRoutes(app, deps, base, st, sellerOf, spError);
  receivingRoutes(app, deps, st, sellerOf, spError);

  app.get(`${base}/operations/:operationId`, async (c) => {
    const op = await getRecord(deps, operations(sellerOf(c)!), c.req.param('operationId'));
    if (!op) return spError(c, 404, 'NotFound', 'The operation was not found');
    const done = now() - op.startedAt >= OPERATION_MS;
    return c.json({
      operation: op.operation,
      operationId: op.operationId,
      operationStatus: !done ? 'IN_PROGRESS' : op.problems.length ? 'FAILED' : 'SUCCESS',
      operationProblems: done ? op.problems : [],
    });
  });
}
