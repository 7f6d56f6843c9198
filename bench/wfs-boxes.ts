/**
 * Issue 19: the WFS bench at size, through the API against the server's Walmart sandbox — a plan
 * of SKUS × UNITS (1,000 units by default) previewed and sent to Walmart, then auto-assigned into
 * boxes (one call: ms, and per unit), and a second plan auto-assigned into 200 boxes whose box
 * tree (every box with its contents) is loaded again and again (median and p95 ms).
 * `BENCH=wfs-boxes npm run bench`; DATABASE_URL runs it on PostgreSQL.
 */
import { startBenchServer } from './http-server.js';
import { upc, WFS_SHIP_FROM as shipFrom } from '../tests/helpers/wfs.js';

const SKUS = Number(process.env.BENCH_WFS_SKUS ?? 50);
const UNITS = Number(process.env.BENCH_WFS_UNITS_PER_SKU ?? 20);
const TREE_LOADS = Number(process.env.BENCH_TREE_LOADS ?? 30);

export async function benchWfsBoxes(): Promise<void> {
  const { base, deps, close } = await startBenchServer('wfs-boxes');
  const request = async (method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { body: Record<string, unknown>; meta: unknown };
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json.meta)}`);
    return json.body as Record<string, never>;
  };
  try {
    deps.config.sandboxUrl = base;
    const signIn = async (username: string) =>
      (await request('POST', '/api/authenticate/mfa', { username, password: 'dockside' })) as unknown as {
        accessToken: string;
        userData: { companyId: number };
      };
    const admin = (await signIn('demo.admin')).accessToken;
    const fox = await signIn('demo.client2');
    const companyId = fox.userData.companyId;
    const store = (await request(
      'POST',
      '/api/common/stores',
      { companyId, marketplace: 'walmart', name: 'Bench WM' },
      admin,
    )) as unknown as { id: number };
    await request(
      'PUT',
      `/api/common/stores/${store.id}/credentials`,
      { clientId: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', clientSecret: 'wm-secret-fedcba9876543210' },
      admin,
    );
    await request('POST', `/api/common/stores/${store.id}/test`, {}, admin);
    const productIds: number[] = [];
    for (let i = 0; i < SKUS; i++) {
      const msku = `BENCH-WFS-${i}`;
      const p = (await request(
        'POST',
        '/api/product/products',
        {
          title: `Bench item ${i}`,
          msku,
          upc: upc(81_234_700_000 + i),
          weightLb: 0.5,
          lengthIn: 8,
          widthIn: 6,
          heightIn: 4,
        },
        fox.accessToken,
      )) as unknown as { id: number };
      productIds.push(p.id);
      await request(
        'POST',
        '/api/inventory/adjust',
        { companyId, productCode: msku, location: 'PREP-WFS', quantity: UNITS * 2, reason: 'found' },
        admin,
      );
    }
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const planAtBench = async (name: string) => {
      const plan = (await request(
        'POST',
        '/api/outbound/wfs/plan',
        {
          companyId,
          storeId: store.id,
          name,
          shipFrom,
          items: productIds.map((productId) => ({ productId, quantity: UNITS })),
        },
        admin,
      )) as unknown as { id: number };
      await request('POST', `/api/outbound/wfs/plan/${plan.id}/preview`, { expectedDeliveryDate: day }, admin);
      await request('POST', `/api/outbound/wfs/plan/${plan.id}/submit`, {}, admin);
      return plan.id;
    };

    const units = SKUS * UNITS;
    const first = await planAtBench('Bench auto-assign');
    const t0 = performance.now();
    const assigned = (await request(
      'POST',
      `/api/outbound/wfs/plan/${first}/boxes/auto-assign`,
      { lengthIn: 18, widthIn: 14, heightIn: 12 },
      admin,
    )) as unknown as { boxes: number; units: number };
    const ms = performance.now() - t0;
    console.log(
      `wfs-boxes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): auto-assign ${assigned.units} units (${SKUS} SKUs) into ${assigned.boxes} boxes: ${ms.toFixed(0)} ms (${((ms / units) * 1000).toFixed(0)} µs a unit)`,
    );

    // 8×6×4 in units, 5 to a 10×10×11.3 in box: 1,000 units make 200 boxes.
    const second = await planAtBench('Bench box tree');
    const many = (await request(
      'POST',
      `/api/outbound/wfs/plan/${second}/boxes/auto-assign`,
      { lengthIn: 10, widthIn: 10, heightIn: 11.3 },
      admin,
    )) as unknown as { boxes: number };
    const times: number[] = [];
    for (let i = 0; i < TREE_LOADS; i++) {
      const t = performance.now();
      const tree = (await request(
        'GET',
        `/api/outbound/outbound-shipping/box?planId=${second}`,
        undefined,
        admin,
      )) as unknown as {
        boxes: unknown[];
      };
      times.push(performance.now() - t);
      if (tree.boxes.length !== many.boxes)
        throw new Error(`tree has ${tree.boxes.length} boxes, expected ${many.boxes}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  box tree of ${many.boxes} boxes over HTTP: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms (${TREE_LOADS} loads)`,
    );
  } finally {
    await close();
  }
}
