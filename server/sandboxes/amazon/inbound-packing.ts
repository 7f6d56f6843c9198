/**
 * Inbound v2024 packing options in the Amazon sandbox: how a plan's items may be grouped into
 * boxes — by prep, or one SKU per group (which Amazon rewards) — generated asynchronously, one
 * confirmed (the others expire).
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { PackingOption } from '../../integrations/amazon/inbound-models.js';
import type { InboundState, SpError, StoredPlan } from './inbound-state.js';

export function packingRoutes(
  app: Hono,
  base: string,
  st: InboundState,
  sellerOf: (c: import('hono').Context) => string | null,
  spError: SpError,
): void {
  // ---- packing options: how the plan's items may be grouped into boxes ----
  app.post(`${base}/inboundPlans/:inboundPlanId/packingOptions`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
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
    const operationId = await st.start(seller, 'generatePackingOptions', []);
    await st.save(seller, { ...found, packing: { operationId, ...packingOptionsFor(found, st.now()) } });
    return c.json({ operationId }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/packingOptions`, async (c) => {
    const found = await st.planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    const ready = found.packing && (await st.succeeded(sellerOf(c)!, found.packing.operationId));
    return c.json({ packingOptions: ready ? found.packing!.options : [] });
  });

  app.post(`${base}/inboundPlans/:inboundPlanId/packingOptions/:packingOptionId/confirmation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return spError(c, 404, 'NotFound', 'The inbound plan was not found');
    const chosen = found.packing?.options.find((o) => o.packingOptionId === c.req.param('packingOptionId'));
    if (!found.packing || !chosen || !(await st.succeeded(seller, found.packing.operationId)))
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
    const at = new Date(st.now()).toISOString();
    await st.save(seller, {
      ...found,
      plan: {
        ...found.plan,
        lastUpdatedAt: at,
        packingOptions: options.map((o) => ({ packingOptionId: o.packingOptionId, status: o.status })),
      },
      packing: { ...found.packing, options },
    });
    return c.json({ operationId: await st.start(seller, 'confirmPackingOption', []) }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/packingGroups/:packingGroupId/items`, async (c) => {
    const found = await st.planOf(c);
    const mskus = found?.packing?.groups[c.req.param('packingGroupId')];
    if (!found || !mskus) return spError(c, 404, 'NotFound', 'The packing group was not found');
    return c.json({ items: found.items.filter((i) => mskus.includes(i.msku)) });
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
