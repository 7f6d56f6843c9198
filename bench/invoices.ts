/**
 * Invoice generation for CLIENTS clients (issue 21): each client has CHARGES charge lines in the
 * month (receiving, sorting, boxes, FBM, a storage line a day, problems), then the month is
 * previewed and generated — one invoice per client, each in its own transaction under the
 * tenant's counter lock, with its lines, tax and the e-mail — and generated again (nothing to
 * do: every client is already invoiced). DATABASE_URL runs it on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { monthPeriod } from '../domain/schemas/invoices.js';
import { companies, tenants } from '../server/db/schema/index.js';
import { appendCharges, type NewCharge } from '../server/modules/billing/ledger.js';
import { generate, preview } from '../server/modules/invoices/service.js';
import { runBilling } from '../server/modules/invoices/jobs.js';
import { startBenchServer } from './http-server.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const CHARGES = Number(process.env.BENCH_CHARGES_PER_CLIENT ?? 200);
const MONTH = '2026-10';

const CODES: [string, string][] = [
  ['UNIT_RECEIVED', '0.15'],
  ['ITEM_SORT', '0.25'],
  ['BOX_PACKED', '1.50'],
  ['FBM_SKU', '0.75'],
  ['FBM_EXTRA_ITEM', '0.30'],
  ['PROBLEM_UNITS', '0.50'],
];

export async function benchInvoices(): Promise<void> {
  const { deps, database, close } = await startBenchServer('invoices');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const made = await deps.db
      .insert(companies)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          tenantId: tenant.id,
          name: `Bench client ${String(i).padStart(3, '0')}`,
          audience: 'Customer',
          accountNo: `BENCH${String(i).padStart(4, '0')}`,
          email: `client${i}@bench.example`,
        })),
      )
      .returning({ id: companies.id });
    const seedStarted = performance.now();
    for (const c of made) {
      const lines: NewCharge[] = [];
      for (let k = 0; k < CHARGES; k++) {
        const day = `${MONTH}-${String((k % 31) + 1).padStart(2, '0')}`;
        const storage = k < 31;
        const [code, price] = storage ? ['STORAGE_DAILY', '0.0333'] : CODES[k % CODES.length];
        lines.push({
          tenantId: tenant.id,
          companyId: c.id,
          code,
          description: `${code} ${k}`,
          quantity: storage ? `${10 + (k % 7)}.25` : String(1 + (k % 9)),
          unitPrice: price,
          currency: 'USD',
          rule: { source: 'tenantFee' },
          sourceType: 'bench',
          sourceId: `${c.id}:${k}`,
          serviceDate: day,
        });
      }
      await appendCharges(deps.db, lines);
    }
    // What the hourly db.upkeep job (VACUUM ANALYZE) would have done after a month of charges.
    await deps.db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStarted;
    console.log(
      `\ninvoices (${database.kind}): ${CLIENTS} clients × ${CHARGES} charges in ${MONTH} (${CLIENTS * CHARGES} lines, written in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    const period = monthPeriod(MONTH);
    const time = async <T>(label: string, run: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const r = await run();
      const s = (performance.now() - started) / 1000;
      console.log(`  ${label.padEnd(44)} ${s.toFixed(2).padStart(7)} s`);
      return [r, s];
    };
    const [p] = await time('preview, every client', () => preview(deps, tenant.id, period));
    const [g, gs] = await time('generate, one invoice per client (+ e-mail)', () =>
      generate(deps, tenant.id, period, { existing: 'skip' }),
    );
    await time('billing.run again (nothing left to invoice)', () => runBilling(deps, tenant.id, MONTH));
    const total = g.invoices.reduce((s, i) => s + i.totalCents, 0);
    console.log(
      `  invoices ${g.invoices.length}, numbers ${g.invoices[0]?.number} … ${g.invoices[g.invoices.length - 1]?.number}, total ${(total / 100).toFixed(2)} USD (preview ${(p.totalCents / 100).toFixed(2)}); ${((gs * 1000) / Math.max(1, g.invoices.length)).toFixed(1)} ms per invoice`,
    );
  } finally {
    await close();
  }
}
