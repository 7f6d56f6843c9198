/**
 * Walmart WFS in the demo (SEED=demo, DEMO_DATA on, the sandbox on): Blue Fox's Walmart store
 * connected to this server's own Walmart sandbox, units of three of its products at PREP-WFS, and
 * two WFS plans — one open at its items, one Walmart took (its shipments made) waiting at the
 * packer's bench. Done through the REST routes as the people would; while the seed runs, the
 * Walmart client's calls to this server's sandbox are answered in-process. With SANDBOX=off there
 * is no sandbox, and no demo Walmart store.
 */
import type { Deps } from '../context.js';
import { DEMO_SHIP_FROM, sandboxInProcess } from './demo-fba.js';
import type { DemoUser, InProcessApp } from './demo-user.js';
import { presetDemoStoreOrders } from './demo-store-orders.js';

const PLANS = '/api/outbound/wfs/plan';
export const DEMO_WALMART_STORE = 'Blue Fox Goods · Walmart';

export interface DemoWfsSummary {
  storeId: number;
  connected: boolean;
  plans: { id: number; name: string; step: string }[];
}

interface ProductRow {
  id: number;
  msku: string | null;
  upc: string | null;
}

export async function seedDemoWfs(
  app: InProcessApp,
  deps: Deps | undefined,
  admin: DemoUser,
  blueFoxId: number,
): Promise<DemoWfsSummary | null> {
  const store = await admin.call<{ id: number } | null>(
    'POST',
    '/api/common/stores',
    { companyId: blueFoxId, marketplace: 'walmart', name: DEMO_WALMART_STORE, environment: 'sandbox' },
    [412],
  );
  if (!store?.id) return null;
  const summary: DemoWfsSummary = { storeId: store.id, connected: false, plans: [] };
  if (!deps) return summary;
  const restore = sandboxInProcess(app, deps);
  try {
    // The seller's Walmart API keys (the sandbox takes any well-formed pair; its account is the id).
    const clientId = '5b0f7c1e-9d2a-4e3b-8c4d-1a2b3c4d5e6f';
    await admin.call('PUT', `/api/common/stores/${store.id}/credentials`, {
      clientId,
      clientSecret: 'demo-walmart-secret-0123456789',
    });
    // Its buyers order Blue Fox's own products (and two listings never added), before any pull.
    await presetDemoStoreOrders(deps, admin, { provider: 'walmart', account: clientId, companyId: blueFoxId });
    const tested = await admin.call<{ ok: boolean }>('POST', `/api/common/stores/${store.id}/test`, {});
    summary.connected = tested.ok;
    if (!tested.ok) return summary;

    // Three of Blue Fox's products with a UPC, counted at the WFS prep station.
    const products = await admin.call<{ content: ProductRow[] }>(
      'GET',
      `/api/product/products?pageSize=50&companyId=${blueFoxId}`,
    );
    const chosen = products.content.filter((p) => p.msku && p.upc).slice(0, 3);
    for (const [i, p] of chosen.entries())
      await admin.call('POST', '/api/inventory/adjust', {
        companyId: blueFoxId,
        productCode: p.msku,
        location: 'PREP-WFS',
        quantity: 24 + 12 * i,
        reason: 'cycle_count',
        note: 'Counted at the WFS prep station',
      });
    if (chosen.length < 2) return summary;

    const plan = (name: string, quantity: number) =>
      admin.call<{ id: number; name: string; step: string }>('POST', PLANS, {
        companyId: blueFoxId,
        storeId: store.id,
        name,
        shipFrom: DEMO_SHIP_FROM,
        items: chosen.map((p) => ({ productId: p.id, quantity })),
      });
    const open = await plan('Blue Fox · Walmart restock', 6);
    summary.plans.push({ id: open.id, name: open.name, step: open.step });
    const atBench = await plan('Blue Fox · Walmart launch', 8);
    const delivery = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await admin.call('POST', `${PLANS}/${atBench.id}/preview`, { expectedDeliveryDate: delivery });
    const sent = await admin.call<{ id: number; name: string; step: string }>(
      'POST',
      `${PLANS}/${atBench.id}/submit`,
      {},
    );
    summary.plans.push({ id: sent.id, name: sent.name, step: sent.step });
    return summary;
  } finally {
    restore();
  }
}
