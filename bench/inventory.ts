/**
 * Issue 7: GET /api/inventory (the snapshot) latency over 200,000 ledger rows and 50,000 products
 * at page size 50 — first page, a client, a search, a location prefix, per product, a deep page,
 * and as of a past moment (summed from the ledger) — and a desk move's round trip. Then inventory by
 * type: each client's Amazon report for its share of those products imported over HTTP, and the
 * FBA list over them (each line joined to the units held here).
 */
import { sql } from 'drizzle-orm';
import { startBenchServer } from './http-server.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER ?? 200_000);
const RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 60);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export async function benchInventory(): Promise<void> {
  const { call, base, deps, database, close } = await startBenchServer('inventory');
  try {
    const admin = (await call('POST', '/api/authenticate/mfa', { username: 'demo.admin', password: 'dockside' }))
      .accessToken;
    const clientLogin = await call('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' });
    const [{ tenant_id: tenantId }] = (
      (await deps.db.execute(
        sql`select tenant_id from companies where id = ${clientLogin.userData.companyId}`,
      )) as unknown as { rows: { tenant_id: number }[] }
    ).rows;
    const companies = (
      (await deps.db.execute(
        sql`select id from companies where tenant_id = ${tenantId} and not is_owner order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);

    // Each product: received into RECEIVING, sorted to a bin (3 rows), a quarter of them later moved
    // into an LPN at another bin (2 more rows) — until LEDGER_ROWS rows. 2,000 bins, 500 LPNs.
    const t0 = performance.now();
    await deps.db.execute(
      sql`insert into warehouse_locations (tenant_id, code, type) select ${tenantId}, 'BB-' || lpad(i::text, 4, '0'), 'bin' from generate_series(1, 2000) i`,
    );
    const companyArray = `{${companies.join(',')}}`;
    await deps.db.execute(sql`
      with p as (
        select i, ('X0' || lpad(i::text, 8, '0')) as key, (${companyArray}::int[])[1 + i % ${companies.length}] as company_id,
               'BB-' || lpad((1 + i % 2000)::text, 4, '0') as bin, 1 + i % 20 as qty,
               timestamptz '2026-01-01' + (i || ' minutes')::interval as at
        from generate_series(1, ${PRODUCTS}) i
      ), rows as (
        select company_id, key, 'RECEIVING' as location, '' as lpn, qty as quantity, 'receive' as reason, at from p
        union all select company_id, key, 'RECEIVING', '', -qty, 'sort', at + interval '1 hour' from p
        union all select company_id, key, bin, '', qty, 'sort', at + interval '1 hour' from p
        union all select company_id, key, bin, '', -1, 'move', at + interval '2 days' from p where i % 2 = 0
        union all select company_id, key, 'BB-' || lpad((1 + (i + 7) % 2000)::text, 4, '0'), 'BLPN' || lpad((i % 500)::text, 8, '0'), 1, 'move', at + interval '2 days' from p where i % 2 = 0
      )
      insert into inventory_ledger (tenant_id, company_id, product_key, location, lpn, condition, quantity, reason, at)
      select ${tenantId}, company_id, key, location, lpn, 'sellable', quantity, reason, at from rows
      order by at limit ${LEDGER_ROWS}`);
    await deps.db.execute(sql`
      insert into inventory_balances (tenant_id, company_id, product_key, location, lpn, condition, quantity, title)
      select tenant_id, company_id, product_key, location, lpn, condition, sum(quantity), 'Product ' || product_key
      from inventory_ledger where tenant_id = ${tenantId} group by tenant_id, company_id, product_key, location, lpn, condition`);
    await deps.db.execute(sql`
      insert into inventory_product_totals (tenant_id, company_id, product_key, condition, quantity, places, title)
      select tenant_id, company_id, product_key, condition, sum(quantity), count(*) filter (where quantity > 0), max(title)
      from inventory_balances where tenant_id = ${tenantId} group by tenant_id, company_id, product_key, condition`);
    // What the server's statistics keeper does on PGlite (at start, hourly, after bulk imports).
    await deps.db.execute(sql`analyze`);
    const counts = (
      (await deps.db.execute(
        sql`select (select count(*) from inventory_ledger)::int as ledger, (select count(*) from inventory_balances where quantity > 0)::int as lines, (select count(distinct product_key) from inventory_ledger)::int as products`,
      )) as unknown as { rows: { ledger: number; lines: number; products: number }[] }
    ).rows[0];
    const loadSeconds = (performance.now() - t0) / 1000;

    const cases: [string, string][] = [
      ['first page, all clients', '/api/inventory?pageSize=50'],
      ['one client', `/api/inventory?pageSize=50&companyId=${companies[0]}`],
      ['search by product code', '/api/inventory?pageSize=50&q=X00001'],
      ['location prefix', '/api/inventory?pageSize=50&location=BB-01'],
      ['per product', '/api/inventory?pageSize=50&groupBy=product'],
      ['page 100', '/api/inventory?pageSize=50&pageNumber=100'],
      ['as of a past moment (ledger)', `/api/inventory?pageSize=50&asOf=${encodeURIComponent('2026-01-20T00:00:00Z')}`],
      [
        'as of, one location prefix',
        `/api/inventory?pageSize=50&location=BB-01&asOf=${encodeURIComponent('2026-01-20T00:00:00Z')}`,
      ],
    ];
    console.log(
      `\nInventory snapshot (${database.kind}: ${counts.ledger.toLocaleString('en')} ledger rows, ${counts.products.toLocaleString('en')} products, ${counts.lines.toLocaleString('en')} on-hand lines; loaded in ${loadSeconds.toFixed(1)} s), GET over HTTP, page size 50, ${RUNS} runs each`,
    );
    for (const [name, url] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        const body = await call('GET', url, undefined, admin);
        if (i >= 3) times.push(performance.now() - t);
        total = body.totalElements;
      }
      console.log(
        `  ${name.padEnd(32)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms   p95 ${pct(times, 95).toFixed(1).padStart(6)} ms   (${total.toLocaleString('en')} lines)`,
      );
    }
    await benchMarketplace(base, call, admin, companies);
  } finally {
    await close();
  }
}

const AMAZON_HEADER = [
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'your-price',
  'mfn-listing-exists',
  'mfn-fulfillable-quantity',
  'afn-listing-exists',
  'afn-warehouse-quantity',
  'afn-fulfillable-quantity',
  'afn-unsellable-quantity',
  'afn-reserved-quantity',
  'afn-total-quantity',
  'per-unit-volume',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
];

/** Each client's Amazon report names its products by the ledger's keys (FNSKUs), so the list joins real stock. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench glue reads loose JSON bodies
async function benchMarketplace(
  base: string,
  call: (m: string, p: string, b: unknown, t?: string) => Promise<any>,
  admin: string,
  companies: number[],
): Promise<void> {
  let lines = 0;
  let bytes = 0;
  const t0 = performance.now();
  for (const [ci, companyId] of companies.entries()) {
    const rows = [AMAZON_HEADER.join('\t')];
    for (let i = ci === 0 ? companies.length : ci; i <= PRODUCTS; i += companies.length) {
      const fnsku = `X0${String(i).padStart(8, '0')}`;
      const fbm = i % 5 === 0;
      rows.push(
        [
          `SKU-${i}`,
          fnsku,
          `B0${String(i).padStart(8, '0')}`,
          `Product ${fnsku}`,
          'New',
          '19.99',
          fbm ? 'Yes' : 'No',
          fbm ? String(i % 7) : '',
          'Yes',
          '10',
          String(i % 13),
          String(i % 3),
          '1',
          '14',
          '0.05',
          '2',
          '0',
          String(i % 4),
        ].join('\t'),
      );
    }
    const text = rows.join('\n') + '\n';
    bytes += text.length;
    const form = new FormData();
    form.set('file', new File([text], `amazon-${companyId}.txt`, { type: 'text/plain' }));
    const res = await fetch(`${base}/api/inventory/marketplace/report?marketplace=amazon&companyId=${companyId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    if (res.status !== 201) throw new Error(`report import failed: ${res.status} ${await res.text()}`);
    const result = (await res.json()) as { body: { lines: { fba?: number; fbm?: number } } };
    lines += (result.body.lines.fba ?? 0) + (result.body.lines.fbm ?? 0);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\nInventory by type: ${companies.length} Amazon reports (${(bytes / 1024 / 1024).toFixed(1)} MiB, ${lines.toLocaleString('en')} FBA + FBM lines) imported over HTTP in ${seconds.toFixed(1)} s (${Math.round(lines / seconds).toLocaleString('en')} lines/s)`,
  );
  const cases: [string, string][] = [
    ['FBA, first page, all clients', '/api/inventory/marketplace?type=fba&pageSize=50'],
    ['FBA, one client', `/api/inventory/marketplace?type=fba&pageSize=50&companyId=${companies[0]}`],
    ['FBA, search by SKU', '/api/inventory/marketplace?type=fba&pageSize=50&q=SKU-123'],
    ['FBA, out of stock', '/api/inventory/marketplace?type=fba&pageSize=50&stock=out_of_stock'],
    ['FBM, first page', '/api/inventory/marketplace?type=fbm&pageSize=50'],
    ['FBA, page 2 (no totals)', '/api/inventory/marketplace?type=fba&pageSize=50&pageNumber=2&withTotals=false'],
  ];
  for (const [name, url] of cases) {
    const times: number[] = [];
    let total = 0;
    let held = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const body = await call('GET', url, undefined, admin);
      if (i >= 3) times.push(performance.now() - t);
      total = body.totalElements;
      held = body.totals?.heldHere ?? 0;
    }
    console.log(
      `  ${name.padEnd(32)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms   p95 ${pct(times, 95).toFixed(1).padStart(6)} ms   (${total.toLocaleString('en')} lines${url.includes('withTotals=false') ? '' : `, ${held.toLocaleString('en')} units held here`})`,
    );
  }
}
