/**
 * Money reconciliation (issue 39, decision 0019) over CLIENTS clients × CHARGES charges in a
 * month: a tenth of each client's lines are labels paid from its label funds (each with its draw),
 * the rest are invoice lines; every client topped up its funds and half of them were invoiced
 * for the month (and paid part). Then the whole tenant's month is reconciled, three times (the
 * screen's one query per table). Target: ≤ 2 s on PostgreSQL for 100 × 2,000 = 200,000 charges.
 * DATABASE_URL runs it on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { monthPeriod } from '../domain/schemas/invoices.js';
import { companies, financeTransactions, tenants } from '../server/db/schema/index.js';
import { appendCharges, type NewCharge } from '../server/modules/billing/ledger.js';
import { reconcile } from '../server/modules/finance/reconciliation.js';
import { generate } from '../server/modules/invoices/service.js';
import { startBenchServer } from './http-server.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const CHARGES = Number(process.env.BENCH_CHARGES_PER_CLIENT ?? 2_000);
const MONTH = '2026-10';
const TARGET_S = 2;

export async function benchReconciliation(): Promise<void> {
  const { deps, database, close } = await startBenchServer('reconciliation');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const made = await deps.db
      .insert(companies)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          tenantId: tenant.id,
          name: `Reconcile client ${String(i).padStart(3, '0')}`,
          audience: 'Customer',
          accountNo: `REC${String(i).padStart(4, '0')}`,
        })),
      )
      .returning({ id: companies.id });
    const seedStarted = performance.now();
    for (const c of made) {
      const lines: NewCharge[] = [];
      const moves: (typeof financeTransactions.$inferInsert)[] = [
        {
          tenantId: tenant.id,
          companyId: c.id,
          kind: 'deposit',
          category: 'DEPOSIT',
          method: 'card',
          amountCents: 500_000,
          currency: 'USD',
          status: 'succeeded',
          processorRef: `cs_bench_${c.id}`,
          createdAt: `${MONTH}-01T08:00:00Z`,
        },
      ];
      for (let k = 0; k < CHARGES; k++) {
        const day = `${MONTH}-${String((k % 31) + 1).padStart(2, '0')}`;
        if (k % 10 === 0) {
          const labelId = `bench-${c.id}-${k}`;
          const cents = 500 + (k % 700);
          lines.push({
            tenantId: tenant.id,
            companyId: c.id,
            code: 'SHIPPING_LABEL',
            description: `Shipping label ${labelId}`,
            quantity: 1,
            unitPrice: (cents / 100).toFixed(2),
            amountCents: cents,
            currency: 'USD',
            rule: { source: 'event' },
            sourceType: 'shipping_label',
            sourceId: labelId,
            serviceDate: day,
            settledBy: 'funds',
          });
          moves.push({
            tenantId: tenant.id,
            companyId: c.id,
            kind: 'label_purchase',
            category: 'SHIPPING',
            method: 'funds',
            amountCents: cents,
            currency: 'USD',
            status: 'succeeded',
            sourceType: 'shipping_label',
            sourceId: labelId,
            createdAt: `${day}T12:00:00Z`,
          });
        } else
          lines.push({
            tenantId: tenant.id,
            companyId: c.id,
            code: 'ITEM_SORT',
            description: `sorted ${k}`,
            quantity: String(1 + (k % 9)),
            unitPrice: '0.25',
            currency: 'USD',
            rule: { source: 'tenantFee' },
            sourceType: 'bench',
            sourceId: `${c.id}:${k}`,
            serviceDate: day,
          });
      }
      for (let i = 0; i < lines.length; i += 2_000) await appendCharges(deps.db, lines.slice(i, i + 2_000));
      for (let i = 0; i < moves.length; i += 2_000)
        await deps.db.insert(financeTransactions).values(moves.slice(i, i + 2_000));
    }
    const period = monthPeriod(MONTH);
    await generate(deps, tenant.id, period, {
      existing: 'skip',
      companyIds: made.slice(0, Math.ceil(CLIENTS / 2)).map((c) => c.id),
    });
    await deps.db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStarted;
    console.log(
      `\nreconciliation (${database.kind}): ${CLIENTS} clients × ${CHARGES} charges in ${MONTH} (${CLIENTS * CHARGES} lines, ${CLIENTS * Math.ceil(CHARGES / 10)} label draws, ${Math.ceil(CLIENTS / 2)} invoiced; made in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    const times: number[] = [];
    let unbalanced = -1;
    let rows = 0;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      const r = await reconcile(deps.db, tenant.id, { month: MONTH });
      times.push((performance.now() - started) / 1000);
      unbalanced = r.unbalancedCount;
      rows = r.clients.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  reconcile the month, every client: min ${times[0].toFixed(2)} s · median ${times[1].toFixed(2)} s · max ${times[2].toFixed(2)} s` +
        ` (target ≤ ${TARGET_S} s: ${(times[1] / TARGET_S).toFixed(2)}× of it); ${rows} clients, ${unbalanced} with a difference`,
    );
  } finally {
    await close();
  }
}
