/**
 * Returns and removals in the demo (issue 20): Acme's expected FBM return orders (buyers sending
 * units back, RMA and tracking each) and FBA removal shipments (Amazon sending stock back, one
 * parcel per tracking number), so /apps/inbound/uploaded-batches/fbm/:type and /fba/:type show
 * work waiting at the dock. Uploaded by the warehouse through the returns file route as a person
 * would (a store without the returns pull); the lines name Acme's catalogue products by their
 * codes, so the units land on the client's stock when received. The same upload again stores
 * nothing twice.
 */
import type { InProcessApp } from './demo-user.js';
import { DEMO_PASSWORD } from './demo.js';

export interface DemoReturnsSummary {
  fbmReturns: number;
  fbaRemovals: number;
}

interface ProductRow {
  msku: string | null;
  upc: string | null;
  fnsku: string | null;
  asin: string | null;
  title: string;
}

const HEADER = 'order_id,rma,tracking_number,carrier,request_date,sku,asin,fnsku,upc,title,quantity,reason,disposition';

const csvCell = (v: string | number | null) => {
  const t = v === null ? '' : String(v);
  return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoReturns(app: InProcessApp, acmeId: number): Promise<DemoReturnsSummary> {
  // The file route takes multipart, which the JSON helper does not send: sign in here.
  const signIn = await app.request('/api/authenticate/mfa', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo.admin', password: DEMO_PASSWORD }),
  });
  const token = ((await signIn.json()) as { body: { accessToken: string } }).body.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const list = await app.request(`/api/product/products?pageSize=50&companyId=${acmeId}`, { headers: auth });
  const products = ((await list.json()) as { body: { content: ProductRow[] } }).body.content
    .filter((p) => p.msku?.startsWith('ACME-') && p.upc && p.fnsku)
    .slice(0, 6);
  if (products.length < 4) throw new Error('demo data: Acme has too few catalogue products for returns');
  const [a, b, c, d] = products;

  const upload = async (segment: 'fbm' | 'fba', rows: (string | number | null)[][]) => {
    const form = new FormData();
    const csv = [HEADER, ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';
    form.set('file', new File([csv], `demo-${segment}-returns.csv`, { type: 'text/csv' }));
    const res = await app.request(`/api/returns/${segment}/file-upload?companyId=${acmeId}`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    const json = (await res.json()) as {
      body: { returns: number };
      meta: { error_list: { message: string }[] };
    };
    if (res.status >= 400)
      throw new Error(
        `demo data: returns upload ${segment} → ${res.status} ${json.meta.error_list.map((e) => e.message).join('; ')}`,
      );
    return json.body.returns;
  };

  // Buyers' returns of FBM orders: one of two lines, one without a tracking number yet.
  const fbmReturns = await upload('fbm', [
    [
      '113-4820193-5567201',
      'DQ7RMA0001',
      '1Z999AA10123450011',
      'UPS',
      daysAgo(3),
      a.msku,
      a.asin,
      null,
      a.upc,
      a.title,
      1,
      'CR-UNWANTED_ITEM',
      null,
    ],
    [
      '113-4820193-5567201',
      'DQ7RMA0001',
      '1Z999AA10123450011',
      'UPS',
      daysAgo(3),
      b.msku,
      b.asin,
      null,
      b.upc,
      b.title,
      2,
      'CR-DEFECTIVE',
      null,
    ],
    [
      '114-9031847-2210475',
      'DQ7RMA0002',
      '9400111899223100000011',
      'USPS',
      daysAgo(2),
      c.msku,
      c.asin,
      null,
      c.upc,
      c.title,
      1,
      'CR-SWITCHEROO',
      null,
    ],
    [
      '112-5560021-8841930',
      'DQ7RMA0003',
      null,
      null,
      daysAgo(1),
      d.msku,
      d.asin,
      null,
      d.upc,
      d.title,
      1,
      'CR-NOT_AS_DESCRIBED',
      null,
    ],
  ]);
  // Amazon's removal shipments of Acme's FBA stock: sellable and unsellable units, two parcels.
  const fbaRemovals = await upload('fba', [
    [
      'RMV-DEMO-0001',
      null,
      '1Z999AA10123450021',
      'UPS',
      daysAgo(4),
      a.msku,
      a.asin,
      a.fnsku,
      null,
      a.title,
      6,
      null,
      'Sellable',
    ],
    [
      'RMV-DEMO-0001',
      null,
      '1Z999AA10123450021',
      'UPS',
      daysAgo(4),
      c.msku,
      c.asin,
      c.fnsku,
      null,
      c.title,
      2,
      null,
      'Unsellable',
    ],
    [
      'RMV-DEMO-0001',
      null,
      '1Z999AA10123450039',
      'UPS',
      daysAgo(4),
      b.msku,
      b.asin,
      b.fnsku,
      null,
      b.title,
      4,
      null,
      'Sellable',
    ],
    [
      'RMV-DEMO-0002',
      null,
      '1Z999AA10123450047',
      'UPS',
      daysAgo(2),
      d.msku,
      d.asin,
      d.fnsku,
      null,
      d.title,
      3,
      null,
      'Sellable',
    ],
  ]);
  return { fbmReturns, fbaRemovals };
}
