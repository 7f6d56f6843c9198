/**
 * Fulfillment Inbound v2024-03-20 in the Amazon sandbox: inbound plans and their asynchronous
 * operations, stateful per seller like Amazon's. A POST is checked at once (the request's shape,
 * one destination marketplace, at most 1,500 SKUs) and answers an operationId; the operation is
 * IN_PROGRESS for a moment, then SUCCESS — or FAILED with operationProblems naming the SKU and
 * what to fix (codes FBA_INB-xxxx chosen by the sandbox in Amazon's style).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  createInboundPlanRequestSchema,
  inboundPlanSchema,
  operationProblemSchema,
  packingOptionSchema,
  planItemSchema,
  type PackingOption,
  type PlanItem,
} from '../../integrations/amazon/inbound-models.js';
import { code, rng } from '../random.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { fbaInventoryOf } from './state.js';

/** How long an operation stays IN_PROGRESS. */
export const OPERATION_MS = 400;
const MAX_SKUS = 1_500;
const NA_MARKETPLACES = ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2', 'A2Q3Y263D00KWC', 'A1AM78C64UM0Y8'];

const storedPlan = z.object({
  plan: inboundPlanSchema,
  items: z.array(planItemSchema),
  packing: z
    .object({
      operationId: z.string(),
      options: z.array(packingOptionSchema),
      groups: z.record(z.string(), z.array(z.string())),
    })
    .optional(),
});
type StoredPlan = z.infer<typeof storedPlan>;
const storedOperation = z.object({
  operation: z.string(),
  operationId: z.string(),
  startedAt: z.number(),
  problems: z.array(operationProblemSchema),
});

type SpError = (c: Context, status: 400 | 404, code: string, message: string, details?: string) => Response;

export function inboundRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string | null, spError: SpError): void {
  const base = '/inbound/fba/2024-03-20';
  const now = () => deps.now().getTime();
  const plans = (seller: string): RecordSet<z.infer<typeof storedPlan>> => ({
    provider: 'amazon',
    account: seller,
    kind: 'inbound_plan',
    schema: storedPlan,
    keyOf: (p) => p.plan.inboundPlanId,
  });
  const operations = (seller: string): RecordSet<z.infer<typeof storedOperation>> => ({
    provider: 'amazon',
    account: seller,
    kind: 'inbound_operation',
    schema: storedOperation,
    keyOf: (o) => o.operationId,
  });
  const start = async (seller: string, operation: string, problems: z.infer<typeof operationProblemSchema>[]) => {
    const operationId = randomUUID();
    await putRecord(deps, operations(seller), { operation, operationId, startedAt: now(), problems });
    return operationId;
  };
  const planOf = async (c: Context) => {
    const found = await getRecord(deps, plans(sellerOf(c)!), c.req.param('inboundPlanId') ?? '');
    return found;
  };

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
    const problems = req.items
      .filter((i) => i.expiration && i.expiration <= today)
      .map((i) => ({
        code: 'FBA_INB-0135',
        severity: 'ERROR',
        message: `MSKU ${i.msku}: the expiration date ${i.expiration} has passed`,
        details: 'Units must reach the fulfilment centre well before they expire; remove them from the plan.',
      }));
    const known = new Map((await fbaInventoryOf(deps, seller, marketplaceId)).map((s) => [s.sellerSku, s]));
    const items: PlanItem[] = req.items.map((i) => {
      const listed = known.get(i.msku);
      const r = rng(`${seller}/${i.msku}`);
      const needsBag = r() < 0.3;
      const prepInstructions = [
        ...(i.labelOwner !== 'NONE' ? [{ prepType: 'ITEM_LABELING', prepOwner: i.labelOwner }] : []),
        ...(needsBag ? [{ prepType: 'ITEM_POLYBAGGING', prepOwner: i.prepOwner }] : []),
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
    await putRecord(deps, plans(seller), {
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
    const at = new Date(now()).toISOString();
    await putRecord(deps, plans(seller), { ...found, plan: { ...found.plan, status: 'VOIDED', lastUpdatedAt: at } });
    return c.json({ operationId: await start(seller, 'cancelInboundPlan', []) }, 202);
  });

  // ---- packing options: how the plan's items may be grouped into boxes ----
  const opDone = async (seller: string, operationId: string) => {
    const op = await getRecord(deps, operations(seller), operationId);
    return !!op && now() - op.startedAt >= OPERATION_MS && !op.problems.length;
  };

  app.post(`${base}/inboundPlans/:inboundPlanId/packingOptions`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    if (found.plan.status !== 'ACTIVE')
      return spError(
        c,
        400,
        'InvalidInput',
        `The inbound plan is ${found.plan.status}: packing options need an active plan`,
      );
    if (found.packing?.options.some((o) => o.status === 'ACCEPTED'))
      return spError(c, 400, 'InvalidInput', 'A packing option is already confirmed for this plan');
    const operationId = await start(seller, 'generatePackingOptions', []);
    await putRecord(deps, plans(seller), { ...found, packing: { operationId, ...packingOptionsFor(found, now()) } });
    return c.json({ operationId }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/packingOptions`, async (c) => {
    const found = await planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    const ready = found.packing && (await opDone(sellerOf(c)!, found.packing.operationId));
    return c.json({ packingOptions: ready ? found.packing!.options : [] });
  });

  app.post(`${base}/inboundPlans/:inboundPlanId/packingOptions/:packingOptionId/confirmation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    const chosen = found.packing?.options.find((o) => o.packingOptionId === c.req.param('packingOptionId'));
    if (!found.packing || !chosen || !(await opDone(seller, found.packing.operationId)))
      return spError(c, 404, 'NotFound', 'The packing option was not found: generate packing options first');
    if (chosen.status !== 'OFFERED')
      return spError(
        c,
        400,
        'InvalidInput',
        `The packing option is ${chosen.status}: only an offered option can be confirmed`,
      );
    const options = found.packing.options.map((o) => ({
      ...o,
      status: o.packingOptionId === chosen.packingOptionId ? ('ACCEPTED' as const) : ('EXPIRED' as const),
    }));
    const at = new Date(now()).toISOString();
    await putRecord(deps, plans(seller), {
      ...found,
      plan: {
        ...found.plan,
        lastUpdatedAt: at,
        packingOptions: options.map((o) => ({ packingOptionId: o.packingOptionId, status: o.status })),
      },
      packing: { ...found.packing, options },
    });
    return c.json({ operationId: await start(seller, 'confirmPackingOption', []) }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/packingGroups/:packingGroupId/items`, async (c) => {
    const found = await planOf(c);
    const mskus = found?.packing?.groups[c.req.param('packingGroupId')];
    if (!found || !mskus) return spError(c, 404, 'NotFound', 'The packing group was not found');
    return c.json({ items: found.items.filter((i) => mskus.includes(i.msku)) });
  });

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

const PARTNERED_AND_OWN = [
  { shippingMode: 'GROUND_SMALL_PARCEL', shippingSolution: 'AMAZON_PARTNERED_CARRIER' },
  { shippingMode: 'FREIGHT_LTL', shippingSolution: 'AMAZON_PARTNERED_CARRIER' },
  { shippingMode: 'GROUND_SMALL_PARCEL', shippingSolution: 'USE_YOUR_OWN_CARRIER' },
  { shippingMode: 'FREIGHT_LTL', shippingSolution: 'USE_YOUR_OWN_CARRIER' },
];

/**
 * The ways the plan may be packed: by prep (units that need bagging apart from the rest), and —
 * for more than one SKU — one SKU per group, which Amazon rewards with a small discount. Boxes
 * weigh at most 50 lb (Amazon's standard box limit).
 */
function packingOptionsFor(p: StoredPlan, at: number): { options: PackingOption[]; groups: Record<string, string[]> } {
  const groups: Record<string, string[]> = {};
  const group = (mskus: string[]) => {
    const id = `pg${createHash('sha256')
      .update(`${p.plan.inboundPlanId}/${mskus.join('|')}`)
      .digest('hex')
      .slice(0, 36)}`;
    groups[id] = mskus;
    return id;
  };
  const bagged = p.items
    .filter((i) => i.prepInstructions.some((x) => x.prepType === 'ITEM_POLYBAGGING'))
    .map((i) => i.msku);
  const plain = p.items.map((i) => i.msku).filter((m) => !bagged.includes(m));
  const byPrep = [plain, bagged].filter((g) => g.length).map(group);
  const config = [
    {
      boxPackingMethods: ['BOX_CONTENT_PROVIDED'],
      boxRequirements: { weight: { minimum: 0.5, maximum: 50, unit: 'LB' as const } },
      shippingRequirements: [
        { solution: 'AMAZON_PARTNERED_CARRIER', modes: ['GROUND_SMALL_PARCEL', 'FREIGHT_LTL'] },
        { solution: 'USE_YOUR_OWN_CARRIER', modes: ['GROUND_SMALL_PARCEL', 'FREIGHT_LTL'] },
      ],
    },
  ];
  const expiration = new Date(at + 24 * 3_600_000).toISOString();
  const option = (packingGroups: string[], discounts: PackingOption['discounts']): PackingOption => ({
    packingOptionId: `po${createHash('sha256').update(packingGroups.join('|')).digest('hex').slice(0, 36)}`,
    status: 'OFFERED',
    packingGroups,
    fees: [],
    discounts,
    expiration,
    supportedConfigurations: config,
    supportedShippingConfigurations: PARTNERED_AND_OWN,
  });
  const options = [option(byPrep, [])];
  // One SKU per group, unless grouping by prep already is that.
  if (p.items.length > 1 && byPrep.length < p.items.length) {
    const units = p.items.reduce((t, i) => t + i.quantity, 0);
    options.push(
      option(
        p.items.map((i) => group([i.msku])),
        [
          {
            type: 'DISCOUNT',
            target: 'Placement Services',
            description: 'Single-SKU boxes',
            value: { amount: Math.round(units * 3) / 100, code: 'USD' },
          },
        ],
      ),
    );
  }
  return { options, groups };
}
