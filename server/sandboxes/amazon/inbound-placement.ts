/**
 * Inbound v2024 boxes and placement in the Amazon sandbox. setPackingInformation takes the packed
 * boxes of the confirmed packing option and checks them as Amazon does while processing: every
 * unit of each group boxed exactly once, boxes at most 50 lb and 25 in a side (unless a box holds a
 * single oversize unit). Placement options
 * then send the boxes to one fulfilment centre (with Amazon's placement fee per unit) or split
 * them over two to four (free); confirming one creates its shipments and gives the boxes FBA box ids.
 */
import type { Context, Hono } from 'hono';
import {
  setPackingInformationRequestSchema,
  type PlacementOption,
  type Shipment,
} from '../../integrations/amazon/inbound-models.js';
import { code, rng } from '../random.js';
import { shipmentStatus } from './inbound-receiving.js';
import { hashId, type InboundState, type Problem, type SpError, type StoredPlan } from './inbound-state.js';

const MAX_BOX_LB = 50;
const MAX_SIDE_IN = 25;
const PLACEMENT_FEE_PER_UNIT = 0.3;
const FCS = [
  {
    warehouseId: 'ABE8',
    addressLine1: '309 Cedar Lane',
    city: 'Florence',
    stateOrProvinceCode: 'NJ',
    postalCode: '08518',
  },
  {
    warehouseId: 'MDW2',
    addressLine1: '250 Emerald Dr',
    city: 'Joliet',
    stateOrProvinceCode: 'IL',
    postalCode: '60436',
  },
  {
    warehouseId: 'DFW6',
    addressLine1: '940 W Bethel Rd',
    city: 'Coppell',
    stateOrProvinceCode: 'TX',
    postalCode: '75019',
  },
  {
    warehouseId: 'SBD1',
    addressLine1: '1910 E Central Ave',
    city: 'Bloomington',
    stateOrProvinceCode: 'CA',
    postalCode: '92316',
  },
];

const lb = (w: { value: number; unit: 'LB' | 'KG' }) => (w.unit === 'KG' ? w.value * 2.20462 : w.value);
const inches = (v: number, unit: 'IN' | 'CM') => (unit === 'CM' ? v / 2.54 : v);

export function placementRoutes(
  app: Hono,
  base: string,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  const notFound = (c: Context) => spError(c, 404, 'NotFound', 'The inbound plan was not found');

  app.post(`${base}/inboundPlans/:inboundPlanId/packingInformation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const parsed = setPackingInformationRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return spError(c, 400, 'InvalidInput', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const accepted = found.packing?.options.find((o) => o.status === 'ACCEPTED');
    if (!accepted) return spError(c, 400, 'InvalidInput', 'Confirm a packing option before giving the boxes');
    if (found.placement?.options.some((o) => o.status === 'ACCEPTED'))
      return spError(c, 400, 'InvalidInput', 'The placement is confirmed: boxes can no longer change this way');
    const unknown = parsed.data.packageGroupings.find(
      (g) => !g.packingGroupId || !accepted.packingGroups.includes(g.packingGroupId),
    );
    if (unknown)
      return spError(
        c,
        400,
        'InvalidInput',
        `packingGroupId ${unknown.packingGroupId ?? '(none)'} is not a group of the confirmed packing option`,
      );
    const problems = checkBoxes(found, parsed.data.packageGroupings, accepted.packingGroups);
    const boxes = problems.length
      ? found.boxes
      : parsed.data.packageGroupings.flatMap((g, gi) =>
          g.boxes.flatMap((b, bi) =>
            Array.from({ length: b.quantity }, (_, n) => ({
              packageId: hashId('pk', `${found.plan.inboundPlanId}/${gi}/${bi}/${n}`),
              contentInformationSource: b.contentInformationSource,
              dimensions: b.dimensions,
              weight: b.weight,
              quantity: 1,
              items: (b.items ?? []).map((i) => ({
                ...found.items.find((x) => x.msku === i.msku)!,
                quantity: i.quantity,
              })),
            })),
          ),
        );
    await st.save(seller, { ...found, boxes, placement: problems.length ? found.placement : undefined });
    return c.json({ operationId: await st.start(seller, 'setPackingInformation', problems) }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/boxes`, async (c) => {
    const found = await st.planOf(c);
    return found ? c.json({ boxes: found.boxes ?? [] }) : notFound(c);
  });

  app.post(`${base}/inboundPlans/:inboundPlanId/placementOptions`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    if (!found.boxes?.length)
      return spError(c, 400, 'InvalidInput', 'Give the packing information (the boxes) before placement');
    if (found.placement?.options.some((o) => o.status === 'ACCEPTED'))
      return spError(c, 400, 'InvalidInput', 'A placement option is already confirmed for this plan');
    const operationId = await st.start(seller, 'generatePlacementOptions', []);
    await st.save(seller, { ...found, placement: { operationId, ...placementOptionsFor(found, st.now()) } });
    return c.json({ operationId }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/placementOptions`, async (c) => {
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const ready = found.placement && (await st.succeeded(sellerOf(c)!, found.placement.operationId));
    return c.json({ placementOptions: ready ? found.placement!.options : [] });
  });

  app.post(`${base}/inboundPlans/:inboundPlanId/placementOptions/:placementOptionId/confirmation`, async (c) => {
    const seller = sellerOf(c)!;
    const found = await st.planOf(c);
    if (!found) return notFound(c);
    const placement = found.placement;
    const chosen = placement?.options.find((o) => o.placementOptionId === c.req.param('placementOptionId'));
    if (!placement || !chosen || !(await st.succeeded(seller, placement.operationId)))
      return spError(c, 404, 'NotFound', 'The placement option was not found: generate placement options first');
    if (chosen.status !== 'OFFERED')
      return spError(
        c,
        400,
        'InvalidInput',
        `The placement option is ${chosen.status}: only an offered option can be confirmed`,
      );
    const options = placement.options.map((o) => ({
      ...o,
      status: o.placementOptionId === chosen.placementOptionId ? ('ACCEPTED' as const) : ('EXPIRED' as const),
    }));
    const shipments = placement.shipments.filter((s) => chosen.shipmentIds.includes(s.shipmentId));
    // Boxes get their FBA box ids (shipment confirmation id + U + sequence), shipment by shipment.
    const perShipment = new Map(shipments.map((s) => [s.shipmentId, 0]));
    const boxes = (found.boxes ?? []).map((b, i) => {
      const s = shipments[i % shipments.length];
      const n = perShipment.get(s.shipmentId)! + 1;
      perShipment.set(s.shipmentId, n);
      return { ...b, boxId: `${s.shipmentConfirmationId}U${String(n).padStart(6, '0')}` };
    });
    const at = new Date(st.now()).toISOString();
    await st.save(seller, {
      ...found,
      boxes,
      plan: {
        ...found.plan,
        lastUpdatedAt: at,
        placementOptions: options.map((o) => ({ placementOptionId: o.placementOptionId, status: o.status })),
        shipments: shipments.map((s) => ({ shipmentId: s.shipmentId, status: 'WORKING' })),
      },
      placement: { ...placement, options },
    });
    return c.json({ operationId: await st.start(seller, 'confirmPlacementOption', []) }, 202);
  });

  app.get(`${base}/inboundPlans/:inboundPlanId/shipments/:shipmentId`, async (c) => {
    const found = await st.planOf(c);
    const shipment = found?.placement?.shipments.find((s) => s.shipmentId === c.req.param('shipmentId'));
    if (!shipment || !found) return spError(c, 404, 'NotFound', 'The shipment was not found');
    // As at Amazon, an offered placement's shipments can be read (to compare destinations) before
    // one is confirmed: UNCONFIRMED until then, and a shipment of a placement not chosen is ABANDONED.
    const confirmed = found.plan.shipments?.some((s) => s.shipmentId === shipment.shipmentId);
    const option = found.placement!.options.find((o) => o.shipmentIds.includes(shipment.shipmentId));
    if (!confirmed) return c.json({ ...shipment, status: option?.status === 'EXPIRED' ? 'ABANDONED' : 'UNCONFIRMED' });
    return c.json({ ...shipment, status: shipmentStatus(found, shipment, st.now()) });
  });
}

type Grouping = {
  packingGroupId?: string;
  boxes: {
    dimensions: { length: number; width: number; height: number; unitOfMeasurement: 'IN' | 'CM' };
    weight: { value: number; unit: 'LB' | 'KG' };
    quantity: number;
    items?: { msku: string; quantity: number }[];
  }[];
};

/** What Amazon would find wrong with the boxes, per group and SKU. */
function checkBoxes(p: StoredPlan, groupings: Grouping[], groups: string[]): Problem[] {
  const problems: Problem[] = [];
  const problem = (code: string, message: string, details?: string) =>
    problems.push({ code, message, severity: 'ERROR', ...(details ? { details } : {}) });
  const given = new Set(groupings.map((g) => g.packingGroupId));
  for (const g of groups)
    if (!given.has(g))
      problem(
        'FBA_INB-0310',
        `Packing group ${g} has no boxes`,
        'Every group of the confirmed packing option needs its boxes.',
      );
  for (const g of groupings) {
    const mskus = p.packing!.groups[g.packingGroupId!];
    const boxed = new Map<string, number>();
    g.boxes.forEach((b, i) => {
      const where = `Group ${g.packingGroupId}, box line ${i + 1}`;
      const w = lb(b.weight);
      // A box holding one oversize unit may exceed the limits (it carries a team-lift label).
      const single = (b.items ?? []).reduce((n, item) => n + item.quantity, 0) === 1;
      if (w > MAX_BOX_LB && !single)
        problem(
          'FBA_INB-0312',
          `${where}: a box weighs ${w.toFixed(1)} lb`,
          `Boxes may weigh at most ${MAX_BOX_LB} lb: split the contents.`,
        );
      const d = b.dimensions;
      const longest = Math.max(
        inches(d.length, d.unitOfMeasurement),
        inches(d.width, d.unitOfMeasurement),
        inches(d.height, d.unitOfMeasurement),
      );
      if (longest > MAX_SIDE_IN && !single)
        problem(
          'FBA_INB-0313',
          `${where}: a side measures ${longest.toFixed(1)} in`,
          `No side may exceed ${MAX_SIDE_IN} in: use a smaller box.`,
        );
      for (const item of b.items ?? []) {
        if (!mskus.includes(item.msku))
          problem('FBA_INB-0314', `${where}: MSKU ${item.msku} does not belong in this group`);
        boxed.set(item.msku, (boxed.get(item.msku) ?? 0) + item.quantity * b.quantity);
      }
    });
    for (const msku of mskus) {
      const planned = p.items.find((i) => i.msku === msku)!.quantity;
      const got = boxed.get(msku) ?? 0;
      if (got !== planned)
        problem(
          'FBA_INB-0315',
          `MSKU ${msku}: ${got} units boxed, the plan has ${planned}`,
          'Box every unit of the plan exactly once.',
        );
    }
  }
  return problems;
}

/** One fulfilment centre (with the placement fee) or, for two boxes or more, two to four (free). */
function placementOptionsFor(p: StoredPlan, at: number): { options: PlacementOption[]; shipments: Shipment[] } {
  const r = rng(p.plan.inboundPlanId);
  const boxes = p.boxes!.length;
  const units = p.items.reduce((t, i) => t + i.quantity, 0);
  const start = Math.floor(r() * FCS.length);
  const shipments: Shipment[] = [];
  const makeShipments = (count: number, option: string) =>
    Array.from({ length: count }, (_, k) => {
      const fc = FCS[(start + k) % FCS.length];
      const shipment: Shipment = {
        shipmentId: hashId('sh', `${option}/${k}`),
        placementOptionId: option,
        name: `${p.plan.name} ${k + 1}/${count}`,
        amazonReferenceId: code(r, '', 8),
        shipmentConfirmationId: code(r, 'FBA', 12),
        source: { sourceType: 'SELLER_FACILITY', address: p.plan.sourceAddress },
        destination: {
          destinationType: 'AMAZON_OPTIMIZED',
          warehouseId: fc.warehouseId,
          address: { name: fc.warehouseId, ...fc, countryCode: 'US' },
        },
      };
      shipments.push(shipment);
      return shipment.shipmentId;
    });
  const expiration = new Date(at + 24 * 3_600_000).toISOString();
  const one = hashId('pl', `${p.plan.inboundPlanId}/one`);
  const options: PlacementOption[] = [
    {
      placementOptionId: one,
      status: 'OFFERED',
      shipmentIds: makeShipments(1, one),
      fees:
        boxes > 1
          ? [
              {
                type: 'FEE',
                target: 'Placement Services',
                description: 'Minimal shipment splits',
                value: { amount: Math.round(units * PLACEMENT_FEE_PER_UNIT * 100) / 100, code: 'USD' },
              },
            ]
          : [],
      discounts: [],
      expiration,
    },
  ];
  if (boxes > 1) {
    const split = hashId('pl', `${p.plan.inboundPlanId}/split`);
    options.push({
      placementOptionId: split,
      status: 'OFFERED',
      shipmentIds: makeShipments(Math.min(4, Math.max(2, Math.ceil(boxes / 3))), split),
      fees: [],
      discounts: [],
      expiration,
    });
  }
  return { options, shipments };
}
