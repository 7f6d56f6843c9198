/**
 * A believable prep centre for the demo tenant (SEED=demo, DEMO_DATA on): a racked warehouse with
 * its dock and stations, a catalogue of 30+ products per client with real-format codes and
 * dimensions, purchase orders in every stage, packages on the dock, units counted, sorted and
 * stored, a few problems, and Acme's Amazon store with FBA shipment plans under way (demo-fba.ts).
 *
 * Everything goes through the API the screens and handhelds use — the REST routes for desk work
 * and the floor's sync push for scans — signed in as the person who would do it. So the ledger,
 * balances, problems and change feed are exactly what real work leaves behind, and a rule change
 * can never leave the demo inconsistent (tests/integration/demo-warehouse.test.ts walks it).
 */
import { priceDemoWork, setUpDemoBilling, type DemoBillingSummary } from './demo-billing.js';
import { randomUUID } from 'node:crypto';
import { withGtinCheckDigit } from '../../domain/rules/gs1.js';
import type { Deps } from '../context.js';
import { seedDemoFba, type DemoFbaSummary } from './demo-fba.js';
import { seedDemoWfs, type DemoWfsSummary } from './demo-wfs.js';
import { seedDemoReturns, type DemoReturnsSummary } from './demo-returns.js';
import { DemoUser, type InProcessApp, type Mutation } from './demo-user.js';

export type { InProcessApp } from './demo-user.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Deterministic code characters from a number (the demo is the same on every machine). */
function codeChars(n: number, length: number): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = '';
  let x = n * 2654435761;
  for (let i = 0; i < length; i++) {
    out += alphabet[Math.abs(x) % alphabet.length];
    x = Math.floor(x / alphabet.length) + (i + 1) * 7919 + n;
  }
  return out;
}

interface DemoProduct {
  title: string;
  msku: string;
  upc: string;
  asin: string;
  fnsku: string;
  category: string;
  manufacturer: string;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightLb: number;
}

interface ClientCatalogue {
  prefix: string;
  gs1Prefix: string;
  manufacturer: string;
  category: string;
  products: [string, number, number, number, number][];
  variants: [string, number][];
}

/** Base products (title, length, width, height in inches, weight in lb) × variants (name, size factor). */
const ACME: ClientCatalogue = {
  prefix: 'ACME',
  gs1Prefix: '860001',
  manufacturer: 'Acme Home',
  category: 'Home & Kitchen',
  products: [
    ['Bamboo Cutting Board Set, 3 Pieces', 15, 11, 1.5, 3.2],
    ['Stainless Steel Measuring Spoons, 6 Pack', 8, 3, 1, 0.4],
    ['Silicone Baking Mat, Half Sheet', 17, 3, 3, 0.6],
    ['Glass Meal Prep Containers, 5 Pack', 12, 9, 7, 6.1],
    ['French Press Coffee Maker, 34 oz', 9, 7, 10, 2.4],
    ['Ceramic Knife Set, 4 Pieces', 14, 6, 2, 1.3],
    ['Organic Green Tea, 100 Bags', 8, 5, 4, 0.7],
    ['Cast Iron Skillet, 10 inch', 17, 11, 2.5, 5.3],
    ['Reusable Beeswax Wraps, 6 Pack', 9, 6, 1, 0.3],
    ['Digital Kitchen Scale', 9, 7, 2, 1.1],
    ['Microfiber Dish Towels, 8 Pack', 10, 8, 3, 1.0],
    ['Spice Jars with Labels, 24 Pack', 14, 10, 5, 5.8],
    ['Pour-Over Coffee Dripper', 6, 6, 5, 0.8],
    ['Insulated Lunch Bag', 11, 8, 9, 0.9],
    ['Cold Brew Pitcher, 2 Quart', 12, 5, 5, 1.6],
    ['Salad Spinner, 5 Quart', 11, 11, 7, 2.0],
  ],
  variants: [
    ['Natural', 1],
    ['Charcoal', 1],
  ],
};

const BLUE_FOX: ClientCatalogue = {
  prefix: 'BFX',
  gs1Prefix: '850042',
  manufacturer: 'Blue Fox Outdoor',
  category: 'Sports & Outdoors',
  products: [
    ['Ultralight Camping Hammock', 8, 6, 4, 1.2],
    ['Trekking Poles, Pair', 27, 4, 4, 1.1],
    ['Insulated Water Bottle, 32 oz', 11, 4, 4, 1.0],
    ['LED Headlamp, 400 Lumen', 5, 4, 3, 0.3],
    ['Packable Rain Jacket', 10, 8, 2, 0.7],
    ['Dry Bag, 20 L', 10, 7, 2, 0.5],
    ['Merino Hiking Socks, 3 Pairs', 9, 5, 2, 0.4],
    ['Compact Camp Chair', 15, 6, 6, 2.1],
    ['Emergency Bivvy Sack', 6, 4, 2, 0.3],
    ['Collapsible Silicone Bowl Set', 8, 8, 3, 0.8],
    ['Solar Power Bank, 20000 mAh', 7, 4, 1.5, 0.9],
    ['Fire Starter Kit', 6, 3, 1, 0.2],
    ['Microfiber Travel Towel, Large', 10, 6, 2, 0.6],
    ['Stuff Sack Set, 3 Sizes', 9, 6, 3, 0.4],
    ['Titanium Spork', 7, 2, 1, 0.1],
  ],
  variants: [
    ['Forest Green', 1],
    ['Slate Blue', 1],
  ],
};

function catalogue(c: ClientCatalogue, seed: number): DemoProduct[] {
  const out: DemoProduct[] = [];
  c.products.forEach(([title, l, w, h, lb], i) =>
    c.variants.forEach(([variant, f], v) => {
      const n = i * c.variants.length + v + 1;
      out.push({
        title: `${title} – ${variant}`,
        msku: `${c.prefix}-${String(n).padStart(3, '0')}-${variant.slice(0, 2).toUpperCase()}`,
        upc: withGtinCheckDigit(`0${c.gs1Prefix}${String(n).padStart(4, '0')}`),
        asin: `B0${codeChars(seed * 1000 + n, 8)}`,
        fnsku: `X00${codeChars(seed * 2000 + n, 7)}`,
        category: c.category,
        manufacturer: c.manufacturer,
        lengthIn: l * f,
        widthIn: w * f,
        heightIn: h * f,
        weightLb: lb * f,
      });
    }),
  );
  return out;
}

type ItemAction = 'fba_prep' | 'wfs_prep' | 'fbm' | 'storage';

interface PoPlan {
  name: string;
  /** [catalogue index, units, item action] */
  items: [number, number, ItemAction][];
  trackingNumbers: string[];
  /** How far the floor got: nothing yet, packages and some units, or everything sorted. */
  stage: 'announced' | 'receiving' | 'received';
}

interface BatchBody {
  id: number;
  items: { id: number; upc: string | null; expectedQty: number; itemAction: string }[];
}

const STATION: Record<ItemAction, string | null> = {
  fba_prep: 'PREP-FBA',
  wfs_prep: 'PREP-WFS',
  fbm: 'FBM-SHELF',
  storage: null,
};

async function createPlaces(admin: DemoUser): Promise<string[]> {
  await admin.call('POST', '/api/warehouse-location/generate', {
    prefix: 'A',
    separator: '-',
    levels: [
      { type: 'aisle', from: '1', to: '3', pad: 2 },
      { type: 'rack', from: '1', to: '4', pad: 2 },
      { type: 'level', from: 'A', to: 'C' },
      { type: 'bin', from: '1', to: '2' },
    ],
  });
  for (const [code, type, description] of [
    ['DOCK-1', 'dock', 'Inbound dock door 1'],
    ['DOCK-2', 'dock', 'Inbound dock door 2'],
    ['PREP-FBA', 'desk', 'Amazon FBA prep station'],
    ['PREP-WFS', 'desk', 'Walmart WFS prep station'],
    ['FBM-SHELF', 'shelf', 'Merchant-fulfilment pick shelf'],
  ] as const)
    await admin.call('POST', '/api/warehouse-location', { code, type, description }, [409]);
  await admin.call('POST', '/api/warehouse/location/lpn', { count: 4, prefix: 'TOTE', locationCode: 'DOCK-1' });
  return ['A-01-01-A-1', 'A-01-01-B-1', 'A-01-02-A-2', 'A-02-03-C-1', 'A-03-04-B-2'];
}

async function createCatalogue(user: DemoUser, companyId: number, products: DemoProduct[]): Promise<void> {
  for (const p of products) await user.call('POST', '/api/product/products', { companyId, ...p });
}

async function announce(client: DemoUser, products: DemoProduct[], plan: PoPlan): Promise<BatchBody> {
  return client.call<BatchBody>('POST', '/api/ship/batch', {
    batchName: plan.name,
    storeName: 'Amazon US',
    trackingNumbers: plan.trackingNumbers,
    items: plan.items.map(([index, units, itemAction]) => {
      const p = products[index];
      return { title: p.title, upc: p.upc, asin: p.asin, fnsku: p.fnsku, msku: p.msku, expectedQty: units, itemAction };
    }),
  });
}

/** The receiver's day on one purchase order: packages at the dock, units counted, units sorted. */
async function receive(
  receiver: DemoUser,
  companyId: number,
  batch: BatchBody,
  plan: PoPlan,
  bins: string[],
  ageHours: number,
): Promise<void> {
  if (plan.stage === 'announced') return;
  const receiveBatch = randomUUID();
  const packages = plan.stage === 'received' ? plan.trackingNumbers : plan.trackingNumbers.slice(0, -1);
  await receiver.push([
    { name: 'packageReceiveBatch.open', args: { id: receiveBatch, companyId } },
    ...packages.map((trackingNumber, i) => ({
      name: 'package.scan',
      args: { id: randomUUID(), batchId: receiveBatch, trackingNumber, scannedAt: hoursAgo(ageHours - i * 0.1) },
    })),
    { name: 'packageReceiveBatch.close', args: { id: receiveBatch } },
  ]);
  // Count: everything on a received order; the first items of one still receiving, one unit damaged.
  const counted = plan.stage === 'received' ? batch.items : batch.items.slice(0, 2);
  const scans: Mutation[] = counted.map((item, i) => ({
    name: 'item.scan',
    args: {
      id: randomUUID(),
      batchId: batch.id,
      code: item.upc,
      count: plan.stage === 'received' ? item.expectedQty : Math.ceil(item.expectedQty / 2),
      scannedAt: hoursAgo(ageHours - 1 - i * 0.05),
    },
  }));
  if (plan.stage === 'receiving' && counted[0]) {
    scans.push({
      name: 'item.scan',
      args: {
        id: randomUUID(),
        batchId: batch.id,
        code: counted[0].upc,
        damaged: { damageType: 'box_damage', notes: 'Outer carton crushed on one corner' },
        scannedAt: hoursAgo(ageHours - 1.5),
      },
    });
  }
  await receiver.push(scans);
  // Sort what was counted in full to its workflow's place (storage: the next bin).
  const sorts: Mutation[] = [];
  counted.forEach((item, i) => {
    const units = plan.stage === 'received' ? item.expectedQty : Math.ceil(item.expectedQty / 2);
    const location = STATION[item.itemAction as ItemAction] ?? bins[i % bins.length];
    sorts.push({
      name: 'item.sort',
      args: { id: randomUUID(), batchItemId: item.id, quantity: units, location, sortedAt: hoursAgo(ageHours - 2) },
    });
  });
  await receiver.push(sorts);
}

export interface DemoWarehouseSummary {
  products: number;
  purchaseOrders: number;
  /** The Amazon FBA part, when the sandbox is on and the server's dependencies were given. */
  fba: DemoFbaSummary | null;
  wfs: DemoWfsSummary | null;
  /** Fee settings, the FBA Standard plan with Acme enrolled, the recorded work priced. */
  billing: DemoBillingSummary;
  /** Acme's expected FBM return orders and FBA removal shipments (demo-returns.ts). */
  returns: DemoReturnsSummary;
}

/**
 * `deps` (the server's own) lets the FBA part run the jobs' work itself — the listings pull and
 * the checks of Amazon's operations — so the demo's plans are where they belong when the server
 * starts listening; without it Acme's store is only created, not connected.
 */
export async function seedDemoWarehouse(app: InProcessApp, deps?: Deps): Promise<DemoWarehouseSummary> {
  const admin = await DemoUser.signIn(app, 'demo.admin');
  const receiver = await DemoUser.signIn(app, 'demo.receiver');
  const acmeUser = await DemoUser.signIn(app, 'demo.client');
  const blueFoxUser = await DemoUser.signIn(app, 'demo.client2');
  const clients = await admin.call<{ content: { id: number; name: string }[] }>('GET', '/api/company?pageSize=50');
  const idOf = (name: string) => {
    const c = clients.content.find((x) => x.name === name);
    if (!c) throw new Error(`demo data: no client ${name}`);
    return c.id;
  };
  const acmeId = idOf('Acme Sellers');
  const blueFoxId = idOf('Blue Fox Goods');

  const bins = await createPlaces(admin);
  const acme = catalogue(ACME, 1);
  const blueFox = catalogue(BLUE_FOX, 2);
  await createCatalogue(admin, acmeId, acme);
  await createCatalogue(admin, blueFoxId, blueFox);
  // Prices first: the floor's work below is priced within seconds of being recorded.
  const billingPlan = await setUpDemoBilling(admin, acmeId);

  const plans: [DemoUser, number, DemoProduct[], PoPlan, number][] = [
    [
      acmeUser,
      acmeId,
      acme,
      {
        name: 'ACME-PO-1041',
        stage: 'received',
        trackingNumbers: ['1Z999AA10123456784', '1Z999AA10123456791', '1Z999AA10123456808'],
        items: [
          [0, 24, 'fba_prep'],
          [4, 12, 'fba_prep'],
          [6, 48, 'fba_prep'],
          [9, 10, 'fbm'],
          [12, 30, 'storage'],
        ],
      },
      72,
    ],
    [
      acmeUser,
      acmeId,
      acme,
      {
        name: 'ACME-PO-1042',
        stage: 'receiving',
        trackingNumbers: ['794612345678', '794612345679', '794612345680'],
        items: [
          [2, 36, 'fba_prep'],
          [14, 18, 'fba_prep'],
          [20, 20, 'fbm'],
          [25, 16, 'storage'],
        ],
      },
      6,
    ],
    [
      acmeUser,
      acmeId,
      acme,
      {
        name: 'ACME-PO-1043',
        stage: 'announced',
        trackingNumbers: ['9400111899223345678901', '9400111899223345678918'],
        items: [
          [8, 60, 'fba_prep'],
          [16, 24, 'fba_prep'],
          [30, 12, 'storage'],
        ],
      },
      0,
    ],
    [
      blueFoxUser,
      blueFoxId,
      blueFox,
      {
        name: 'BFX-0417',
        stage: 'received',
        trackingNumbers: ['TBA301234567001', 'TBA301234567002'],
        items: [
          [0, 20, 'wfs_prep'],
          [4, 40, 'wfs_prep'],
          [10, 15, 'storage'],
          [20, 25, 'storage'],
        ],
      },
      48,
    ],
    [
      blueFoxUser,
      blueFoxId,
      blueFox,
      {
        name: 'BFX-0422',
        stage: 'announced',
        trackingNumbers: ['1Z4F78W20312345679'],
        items: [
          [6, 30, 'fbm'],
          [12, 18, 'wfs_prep'],
        ],
      },
      0,
    ],
  ];
  for (const [client, companyId, products, plan, age] of plans) {
    const batch = await announce(client, products, plan);
    await receive(receiver, companyId, batch, plan, bins, age);
  }

  // A package nobody announced, and a code that is on no purchase order: the desk chases both.
  const stray = randomUUID();
  await receiver.push([
    { name: 'packageReceiveBatch.open', args: { id: stray, companyId: acmeId } },
    {
      name: 'package.scan',
      args: { id: randomUUID(), batchId: stray, trackingNumber: '1Z999AA19999999990', scannedAt: hoursAgo(3) },
    },
    { name: 'packageReceiveBatch.close', args: { id: stray } },
  ]);
  const receiving = await acmeUser.call<{ content: { id: number; batchName: string }[] }>(
    'GET',
    '/api/ship/batch?pageSize=50&q=ACME-PO-1042',
  );
  const open = receiving.content.find((b) => b.batchName === 'ACME-PO-1042');
  if (open)
    await receiver.push([
      {
        name: 'item.scan',
        args: { id: randomUUID(), batchId: open.id, code: withGtinCheckDigit('007123450001'), scannedAt: hoursAgo(2) },
      },
    ]);

  // Acme's Amazon store in the sandbox, connected, with FBA listings imported, units at PREP-FBA
  // and shipment plans under way (demo-fba.ts); no store with SANDBOX=off.
  const fba = await seedDemoFba(app, deps, { admin, client: acmeUser }, acmeId);
  // Blue Fox's Walmart store in the sandbox, units at PREP-WFS and WFS plans (demo-wfs.ts).
  const wfs = await seedDemoWfs(app, deps, admin, blueFoxId);

  const billing = await priceDemoWork(admin, billingPlan);
  const returns = await seedDemoReturns(app, acmeId);
  return { products: acme.length + blueFox.length, purchaseOrders: plans.length, fba, wfs, billing, returns };
}
