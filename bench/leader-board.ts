/**
 * The leader board over a busy floor: STAFF people and EVENTS billable events spread over the last
 * 90 days (receiving, sorting, prep, labels, boxes, shipments), plus a dock scan per 20 events; then
 * the board is read over HTTP for a day, a week, a month and the longest period (92 days), each
 * READS times — the figures a supervisor's screen waits for. DATABASE_URL runs it on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { chargeEvents, packageReceiveBatches, packageScans, tenants, users } from '../server/db/schema/index.js';
import { startBenchServer } from './http-server.js';

const STAFF = Number(process.env.BENCH_STAFF ?? 40);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const READS = Number(process.env.BENCH_READS ?? 10);
const KINDS = ['unit_received', 'unit_sorted', 'unit_prepped', 'unit_labelled', 'box_packed', 'shipment_shipped'];
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function benchLeaderBoard(): Promise<void> {
  const { base, deps, database, close } = await startBenchServer('leader-board');
  // A PostgreSQL database keeps an earlier run's rows: this run's names and sources are its own.
  const run = Date.now().toString(36);
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [model] = await deps.db.select().from(users).where(eq(users.username, 'demo.receiver'));
    const staff = await deps.db
      .insert(users)
      .values(
        Array.from({ length: STAFF }, (_, i) => ({
          tenantId: tenant.id,
          companyId: model.companyId,
          roleId: model.roleId,
          passwordHash: model.passwordHash,
          username: `bench.floor${i}.${run}`,
          fullname: `Floor ${i}`,
        })),
      )
      .returning({ id: users.id });
    const now = Date.now();
    const dock = randomUUID();
    await deps.db.insert(packageReceiveBatches).values({
      id: dock,
      tenantId: tenant.id,
      companyId: model.companyId,
      openedAt: new Date(now - 90 * DAY_MS).toISOString(),
    });
    const seedStarted = performance.now();
    for (let from = 0; from < EVENTS; from += 5_000) {
      const n = Math.min(5_000, EVENTS - from);
      const rows = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return {
          tenantId: tenant.id,
          companyId: model.companyId,
          userId: staff[i % STAFF].id,
          kind: KINDS[i % KINDS.length],
          quantity: 1 + (i % 12),
          sourceType: `bench-${run}`,
          sourceId: String(i),
          at: new Date(now - (i % (90 * 24)) * 3_600_000).toISOString(),
        };
      });
      await deps.db.insert(chargeEvents).values(rows);
      await deps.db.insert(packageScans).values(
        rows
          .filter((_, k) => k % 20 === 0)
          .map((r, k) => ({
            id: randomUUID(),
            tenantId: tenant.id,
            companyId: model.companyId,
            receiveBatchId: dock,
            trackingNumber: `1ZBENCH${from + k}`,
            normalized: `1ZBENCH${from + k}`,
            matchStatus: 'not_found',
            scannedAt: r.at,
            scannedBy: r.userId,
          })),
      );
    }
    await deps.db.execute(sql`analyze`);
    const seedS = (performance.now() - seedStarted) / 1000;
    console.log(
      `\nleader-board (${database.kind}): ${STAFF} people, ${EVENTS} events and ${EVENTS / 20} dock scans over 90 days (written in ${seedS.toFixed(1)} s)`,
    );
    const signIn = await fetch(`${base}/api/authenticate/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.admin', password: 'dockside' }),
    });
    const token = ((await signIn.json()) as { body: { accessToken: string } }).body.accessToken;
    const read = async (days: number) => {
      const q = `from=${day(now - (days - 1) * DAY_MS)}&to=${day(now)}`;
      const times: number[] = [];
      let rows = 0;
      for (let r = 0; r < READS; r++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/dashboard/leader-board?${q}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { body: { rows: unknown[] } };
        if (!res.ok) throw new Error(`leader board ${q}: ${res.status}`);
        times.push(performance.now() - started);
        rows = body.body.rows.length;
      }
      times.sort((a, b) => a - b);
      const label = days === 1 ? 'today' : `${days} days`;
      console.log(
        `  ${label.padEnd(8)} ${String(rows).padStart(3)} people: median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(6)} ms, worst ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
      );
    };
    for (const days of [1, 7, 30, 92]) await read(days);
  } finally {
    await close();
  }
}
