/**
 * Daily storage fees (issue 21; spec §9 FREE_STORAGE_DAY_COUNT, STORAGE_FEE_INVENTORY_TYPES,
 * DAILY_STORAGE_FEE_PER_QF): for one tenant and one day, each client's products held at the end of
 * the day in the charged inventory types, units past their free days, times the unit's volume, at
 * the price book's STORAGE_DAILY price — one line per client, product and day.
 *
 * What a held unit is, read from the inventory ledger (the authority on every quantity change):
 * - Its inventory type is the workflow of the place it is held (SORT_STATIONS read backwards):
 *   PREP-FBA fba_prep, PREP-WFS wfs_prep, FBM-SHELF fbm; in RECEIVING, not sorted yet, the item
 *   action of the purchase-order line it was received on (the ledger row's batch item; a row
 *   without one: the product's latest PO line); any other place (storage bins, LPNs) storage.
 * - The charged types of a client form one pool. A unit enters the pool when it is received into
 *   it or moved in from an uncharged type; moves inside the pool (a sort, RECEIVING → a bin) are
 *   not arrivals. Its receipt day is the day it entered the pool.
 * - First in, first out (domain/rules/storage-fees.ts lotsHeld): a departure takes the oldest
 *   units, so the units held are always the newest arrivals. Hence, set-based: with H units held
 *   at the end of day D and R units arrived on the last F days (D−F+1 … D), the chargeable units
 *   are max(0, H − R) — the same number lotsHeld + chargeableUnits give (the tests check it).
 *   Ledger rows are netted per (product, day, reference) first, so the two rows of a move or a
 *   condition change cancel out and only true arrivals and departures remain.
 *
 * Volume: the catalogue's dimensions (inches, to 2 decimals, half away from zero) multiplied
 * exactly, then cubic feet — or cubic metres for a metric tenant (1 in = 0.0254 m) — to 4 decimals,
 * half up (cubicFeetPerUnit's rule). A product without dimensions (or held under a key no
 * catalogue product has) is never guessed: it is listed in storage_runs.missing_dimensions.
 *
 * The ledger is append-only, so a day is charged once and corrected by difference:
 * 1. No line yet for (client, product, day): the line `${day}:${productId}` is appended.
 * 2. Lines exist and the day computes to another quantity or amount (a receipt or shipment booked
 *    later for a past day, a changed price): one adjusting line `${day}:${productId}:adj:${n}`
 *    for exactly the difference (quantity and cents), adjustsChargeId → the first line.
 * 3. The same result: nothing. Re-running a day never charges twice.
 * Each client is one transaction under an advisory lock on (tenant, day, client): two runs at once
 * take turns per client, the second finds the first's lines (clients themselves may run side by
 * side on a PostgreSQL pool); a run killed mid-way leaves whole clients
 * done and a re-run completes the rest. Amounts are rounded once per line (half away from zero,
 * PostgreSQL's numeric round, the same rule as domain/rules/money.ts lineAmountCents).
 */
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { SORT_STATIONS, RECEIVING } from '../../../domain/rules/sorting.js';
import { ITEM_KEY_PREFIX, PRODUCT_KEY_PREFIX } from '../../../domain/rules/product-key.js';
import { QUANTITY_DECIMALS } from '../../../domain/rules/money.js';
import type { PriceRule } from '../../../domain/billing/charge-codes.js';
import type {
  MissingDimension,
  StorageCharge,
  StorageRun,
  StorageRunResult,
  StorageVolumeUnit,
} from '../../../domain/schemas/storage-charges.js';
import type { Page, PageRequest } from '../../../domain/paging.js';
import { pageOffset } from '../../../domain/paging.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { charges, companies, storageRuns } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../context.js';
import { badRequest, businessRule, forbidden } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { loadPriceBook, trimDecimal, type PriceBook } from './price-book.js';

export const STORAGE_CODE = 'STORAGE_DAILY';
export const STORAGE_SOURCE = 'storage_day';
/** First key of the advisory lock a storage day takes (the second: hash of tenant and day). */
const LOCK_CLASS = 2121;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export function assertDay(day: string): void {
  const d = new Date(`${day}T00:00:00Z`);
  if (!DAY_RE.test(day) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    throw badRequest(`day: ${day} is not a day (YYYY-MM-DD)`);
}

// ------------------------------------------------------------------ volume (TS mirror of the SQL)

/**
 * Volume of one unit × 10^4 from inches: numerator and denominator of the exact ratio applied to
 * the product of the dimensions in hundredths of an inch (10^-6 in³), rounded half up.
 * Imperial: ft³·10^4 = v·10^4 / (1728·10^6). Metric: m³·10^4 = v·16387064·10^4 / 10^18.
 */
const VOLUME_RATIO: Record<'imperial' | 'metric', { mul: bigint; div: bigint }> = {
  imperial: { mul: 10n ** BigInt(QUANTITY_DECIMALS), div: 1728n * 10n ** 6n },
  metric: { mul: 16_387_064n * 10n ** BigInt(QUANTITY_DECIMALS), div: 10n ** 18n },
};

const hundredths = (inches: number): bigint => {
  // Half away from zero on the value's shortest decimal text, as PostgreSQL's round(float8::numeric, 2).
  const [whole, fraction = ''] = String(inches).split('.');
  const digits = BigInt(whole + (fraction + '000').slice(0, 3));
  return (digits + 5n) / 10n;
};

/** Cubic feet (imperial) or metres (metric) of one unit, 4 decimals; null without dimensions. */
export function volumePerUnit(
  dims: { lengthIn: number | null; widthIn: number | null; heightIn: number | null },
  unitSystem: 'imperial' | 'metric',
): string | null {
  const { lengthIn: l, widthIn: w, heightIn: h } = dims;
  if (!l || !w || !h || l <= 0 || w <= 0 || h <= 0) return null;
  const v = hundredths(l) * hundredths(w) * hundredths(h);
  const r = VOLUME_RATIO[unitSystem];
  const scaled = (v * r.mul * 2n + r.div) / (2n * r.div);
  const text = scaled.toString().padStart(QUANTITY_DECIMALS + 1, '0');
  return `${text.slice(0, -QUANTITY_DECIMALS)}.${text.slice(-QUANTITY_DECIMALS)}`;
}

export const storageUnitOf = (unitSystem: 'imperial' | 'metric'): StorageVolumeUnit =>
  unitSystem === 'metric' ? 'cubicMetreDay' : 'cubicFootDay';

// ------------------------------------------------------------------ the day's SQL

/** The inventory type of a ledger row `l` (batch item `bi` joined), as described in the header. */
const inventoryTypeSql = (): SQL => {
  const stations = Object.entries(SORT_STATIONS).filter((e): e is [string, string] => e[1] !== null);
  const latestItemAction = sql`(select b2.item_action from batch_items b2
      where b2.tenant_id = l.tenant_id and b2.company_id = l.company_id
        and coalesce(b2.fnsku, b2.msku, b2.asin, b2.upc, ${ITEM_KEY_PREFIX}::text || b2.id) = l.product_key
      order by b2.id desc limit 1)`;
  return sql`case l.location ${sql.join(
    stations.map(([action, code]) => sql`when ${code}::text then ${action}::text`),
    sql` `,
  )} when ${RECEIVING}::text then coalesce(bi.item_action, ${latestItemAction}, 'storage') else 'storage' end`;
};

export interface ClientParams {
  tenantId: number;
  companyId: number;
  day: string;
  freeDays: number;
  types: readonly string[];
  unitPrice: string;
  rule: PriceRule;
  adjustmentRule: PriceRule;
  currency: string;
  unitSystem: 'imperial' | 'metric';
}

interface ClientOutcome {
  written: number;
  writtenCents: number;
  adjustments: number;
  lines: number;
  amountCents: number;
  missing: MissingDimension[];
}

type OutcomeRow = {
  kind: 'missing' | 'new' | 'adjust' | 'before';
  product_id: number | null;
  product_key: string | null;
  title: string | null;
  units: string | null;
  chargeable: string | null;
  n: string | null;
  cents: string | null;
};

/** One client's day: compute, compare with the lines there, append what differs (one statement). */
async function chargeClientDay(tx: DbOrTx, p: ClientParams): Promise<ClientOutcome> {
  const rows = await selectRows<OutcomeRow>(tx, clientDaySql(p));
  return outcomeOf(p, rows);
}

/** The statement of one client's day (exported for the bench's EXPLAIN). */
export function clientDaySql(p: ClientParams): SQL {
  const ratio = VOLUME_RATIO[p.unitSystem];
  const unit = storageUnitOf(p.unitSystem);
  const types = `{${p.types.join(',')}}`;
  const dayEnd = sql`((${p.day}::date + 1)::timestamp at time zone 'UTC')`;
  const dims = (c: string) => sql.raw(`(round(p.${c}::numeric, 2) * 100)`);
  return sql`
    with pool as (
      select l.product_key,
             (l.at at time zone 'UTC')::date as d,
             coalesce(l.ref_type, '') || ':' || coalesce(l.ref_id, 'row:' || l.id::text) as ref,
             sum(l.quantity)::bigint as q
      from inventory_ledger l
      left join batch_items bi on bi.id = l.batch_item_id
      where l.tenant_id = ${p.tenantId} and l.company_id = ${p.companyId} and l.at < ${dayEnd}
        and (${inventoryTypeSql()}) = any(${types}::text[])
      group by 1, 2, 3
    ),
    held as (
      select product_key,
             sum(q)::bigint as units,
             coalesce(sum(q) filter (where q > 0 and d > ${p.day}::date - ${p.freeDays}::int), 0)::bigint as recent
      from pool group by product_key
      having sum(q) > 0
    ),
    prod as (
      select distinct on (k.key) k.id, k.title, k.key, k.length_in, k.width_in, k.height_in
      from (select p.id, p.title, p.length_in, p.width_in, p.height_in,
                   coalesce(p.fnsku, p.msku, p.asin, p.upc, ${PRODUCT_KEY_PREFIX}::text || p.id) as key
            from products p where p.tenant_id = ${p.tenantId} and p.company_id = ${p.companyId}) k
      where k.key in (select product_key from held)
      order by k.key, k.id
    ),
    calc as (
      select h.product_key, h.units, greatest(h.units - h.recent, 0)::bigint as chargeable,
             p.id as product_id, p.title,
             case when p.length_in > 0 and p.width_in > 0 and p.height_in > 0 then
               div(${dims('length_in')} * ${dims('width_in')} * ${dims('height_in')} * ${sql.raw(String(ratio.mul * 2n))}
                   + ${sql.raw(String(ratio.div))}, ${sql.raw(String(ratio.div * 2n))})
             end as vpu
      from held h left join prod p on p.key = h.product_key
    ),
    priced as (
      select c.product_id, c.product_key, c.title, c.units, c.chargeable, c.vpu,
             (c.chargeable * c.vpu / 10000)::numeric(18, 4) as qty,
             round((c.chargeable * c.vpu / 10000)::numeric(18, 4) * ${p.unitPrice}::numeric * 100)::bigint as cents
      from calc c where c.chargeable > 0 and c.vpu is not null
    ),
    existing as (
      select split_part(ch.source_id, ':', 2)::int as product_id,
             sum(ch.quantity)::numeric(18, 4) as qty,
             sum(ch.amount_cents)::bigint as cents,
             count(*)::int as n,
             count(*) filter (where ch.adjusts_charge_id is not null)::int as adjs,
             min(ch.id) filter (where ch.adjusts_charge_id is null) as original_id
      from charges ch
      where ch.tenant_id = ${p.tenantId} and ch.company_id = ${p.companyId} and ch.service_date = ${p.day}::date
        and ch.code = ${STORAGE_CODE} and ch.source_type = ${STORAGE_SOURCE}
      group by 1
    ),
    wanted as (
      select coalesce(w.product_id, e.product_id) as product_id,
             coalesce(w.product_key, pr.key) as product_key, coalesce(w.title, pr.title) as title,
             coalesce(w.units, 0) as units, coalesce(w.chargeable, 0) as chargeable, w.vpu,
             coalesce(w.qty, 0)::numeric(18, 4) as qty, coalesce(w.cents, 0)::bigint as cents,
             e.qty as e_qty, e.cents as e_cents, e.adjs, e.original_id
      from priced w
      full join existing e on e.product_id = w.product_id
      left join lateral (
        select p2.title, coalesce(p2.fnsku, p2.msku, p2.asin, p2.upc, ${PRODUCT_KEY_PREFIX}::text || p2.id) as key
        from products p2 where p2.id = e.product_id and w.product_id is null
      ) pr on true
      where e.product_id is null or coalesce(w.qty, 0) <> e.qty or coalesce(w.cents, 0) <> e.cents
    ),
    ins as (
      insert into charges (tenant_id, company_id, code, category, description, quantity, unit_price, amount_cents,
                           currency, rule, source_type, source_id, service_date, adjusts_charge_id, details)
      select ${p.tenantId}::int, ${p.companyId}::int, ${STORAGE_CODE}::text, 'storage',
             case when original_id is null then 'Storage ' else 'Storage adjustment ' end
               || coalesce(title, product_key, '#' || product_id),
             case when original_id is null then qty else qty - e_qty end,
             ${p.unitPrice}::numeric,
             case when original_id is null then cents else cents - e_cents end,
             ${p.currency}::text,
             case when original_id is null then ${JSON.stringify(p.rule)}::jsonb
                  else ${JSON.stringify(p.adjustmentRule)}::jsonb end,
             ${STORAGE_SOURCE}::text,
             ${p.day}::text || ':' || product_id || case when original_id is null then '' else ':adj:' || (adjs + 1) end,
             ${p.day}::date,
             original_id,
             jsonb_strip_nulls(jsonb_build_object(
               'productId', product_id, 'productKey', product_key, 'title', title,
               'units', units, 'chargeableUnits', chargeable,
               'volumePerUnit', (vpu::numeric / 10000)::numeric(18, 4)::text,
               'unit', ${unit}::text, 'freeDays', ${p.freeDays}::int,
               'previousQuantity', e_qty::text, 'previousAmountCents', e_cents))
      from wanted
      on conflict do nothing
      returning adjusts_charge_id, amount_cents
    )
    select 'missing' as kind, product_id, product_key, title, units::text, chargeable::text, null as n, null as cents
      from calc where chargeable > 0 and vpu is null
    union all
    select 'new', null, null, null, null, null, count(*)::text, coalesce(sum(amount_cents), 0)::text
      from ins where adjusts_charge_id is null
    union all
    select 'adjust', null, null, null, null, null, count(*)::text, coalesce(sum(amount_cents), 0)::text
      from ins where adjusts_charge_id is not null
    union all
    select 'before', null, null, null, null, null, coalesce(sum(n), 0)::text, coalesce(sum(cents), 0)::text
      from existing`;
}

function outcomeOf(p: ClientParams, rows: OutcomeRow[]): ClientOutcome {
  const out: ClientOutcome = { written: 0, writtenCents: 0, adjustments: 0, lines: 0, amountCents: 0, missing: [] };
  for (const r of rows) {
    const n = Number(r.n ?? 0);
    const cents = Number(r.cents ?? 0);
    if (r.kind === 'missing')
      out.missing.push({
        companyId: p.companyId,
        productId: r.product_id === null ? null : Number(r.product_id),
        productKey: r.product_key ?? '',
        title: r.title,
        units: Number(r.units),
        chargeableUnits: Number(r.chargeable),
      });
    else if (r.kind === 'new') {
      out.written += n;
      out.writtenCents += cents;
    } else if (r.kind === 'adjust') {
      out.adjustments += n;
      out.writtenCents += cents;
    } else {
      out.lines += n;
      out.amountCents += cents;
    }
  }
  out.lines += out.written + out.adjustments;
  out.amountCents += out.writtenCents;
  out.missing.sort((a, b) => a.productKey.localeCompare(b.productKey));
  return out;
}

export interface StorageDayOptions {
  /** Called after each client (the job reports progress; throwing stops the run there). */
  onProgress?: (done: number, total: number) => Promise<void>;
  book?: PriceBook;
  /** Clients charged side by side (each its own transaction); 1 on PGlite, which has one connection. */
  concurrency?: number;
}

/**
 * Charges one tenant's storage for one day (YYYY-MM-DD, UTC): every client, in its own
 * transaction. Safe to run again, twice at once, or after a run that died mid-way.
 */
export async function runStorageDay(
  db: DbOrTx,
  tenantId: number,
  day: string,
  opts: StorageDayOptions = {},
): Promise<Omit<StorageRunResult, 'jobId'>> {
  assertDay(day);
  const book = opts.book ?? (await loadPriceBook(db, tenantId));
  const clients = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.isOwner, false)))
    .orderBy(companies.id);
  const total = { written: 0, adjustments: 0, lines: 0, amountCents: 0 };
  const missing: MissingDimension[] = [];
  let done = 0;
  const chargeClient = async (companyId: number) => {
    const fees = await book.fees(companyId);
    const types = fees.values.STORAGE_FEE_INVENTORY_TYPES;
    const price = await book.price(companyId, STORAGE_CODE, day, { planCategory: 'storage' });
    const unitPrice = trimDecimal(price.unitPrice);
    // No type charged for this client: nothing computes; lines already there stay (history).
    if (!types.length) return null;
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${`${tenantId}:${day}:${companyId}`}))`,
      );
      return chargeClientDay(tx, {
        tenantId,
        companyId,
        day,
        freeDays: fees.values.FREE_STORAGE_DAY_COUNT,
        types,
        unitPrice,
        rule: price.rule,
        adjustmentRule: {
          source: 'adjustment',
          ...(price.rule.planId !== undefined ? { planId: price.rule.planId, planName: price.rule.planName } : {}),
          ...(price.rule.feeKey ? { feeKey: price.rule.feeKey } : {}),
          note: `storage day re-computed after a late change (priced as ${price.rule.source})`,
        },
        currency: book.currency,
        unitSystem: book.unitSystem,
      });
    });
  };
  // Clients are independent: on a PostgreSQL pool a few run side by side (PGlite: one at a time).
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < clients.length) {
      const companyId = clients[next++].id;
      try {
        const outcome = await chargeClient(companyId);
        if (outcome) {
          total.written += outcome.written;
          total.adjustments += outcome.adjustments;
          total.lines += outcome.lines;
          total.amountCents += outcome.amountCents;
          missing.push(...outcome.missing);
        }
        done += 1;
        await opts.onProgress?.(done, clients.length);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const workers = Math.max(1, Math.min(opts.concurrency ?? 1, clients.length));
  const results = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  missing.sort((a, b) => a.companyId - b.companyId || a.productKey.localeCompare(b.productKey));
  await db
    .insert(storageRuns)
    .values({
      tenantId,
      day,
      lines: total.lines,
      amountCents: total.amountCents,
      missingDimensions: missing,
      runAt: new Date().toISOString(),
    })
    .onConflictDoUpdate({
      target: [storageRuns.tenantId, storageRuns.day],
      set: {
        lines: sql`excluded.lines`,
        amountCents: sql`excluded.amount_cents`,
        missingDimensions: sql`excluded.missing_dimensions`,
        runAt: sql`excluded.run_at`,
      },
    });
  return {
    day,
    clients: clients.length,
    written: total.written,
    adjustments: total.adjustments,
    lines: total.lines,
    amountCents: total.amountCents,
    missingDimensions: missing.length,
  };
}

// ------------------------------------------------------------------ the job and on-demand runs

/** The same key billing.daily uses, so a day queued twice runs once. */
export const storageDayKey = (tenantId: number, day: string) => `storage:${tenantId}:${day}`;

/** Clients side by side: a few on a PostgreSQL server's pool, one on PGlite (a single connection). */
export const storageConcurrency = (deps: Pick<Deps, 'config'>): number => (deps.config.databaseUrl ? 3 : 1);

/** The runner of billing.storage-day (registered at startup with the storage routes). */
export function provideStorageDayJob(): void {
  provideJob('billing.storage-day', async (data, job, deps) =>
    runStorageDay(deps.db, data.tenantId, data.day, {
      concurrency: storageConcurrency(deps),
      onProgress: (done, total) => job.progress(done, total, `${data.day}: ${done} of ${total} clients`),
    }),
  );
}

/** Queues one tenant's storage day (billing.daily does this for yesterday; the screen on demand). */
export async function enqueueStorageDay(
  deps: Deps,
  tenantId: number,
  day: string,
  startedBy: number | null = null,
): Promise<string | null> {
  assertDay(day);
  return deps.jobs.enqueue(
    'billing.storage-day',
    { tenantId, day },
    { tenantId, startedBy, singletonKey: storageDayKey(tenantId, day) },
  );
}

/** A day can be charged once it is over (UTC). */
export function assertDayOver(deps: Deps, day: string): void {
  assertDay(day);
  const today = deps.now().toISOString().slice(0, 10);
  if (day >= today) throw businessRule(`${day} is not over yet: storage is charged for days that have ended`);
}

/** POST …/storage-charges/run: warehouse staff (re)run a day now, or queue it. */
export async function runStorageDayFor(
  deps: Deps,
  ctx: RequestContext,
  input: { day: string; background?: boolean },
): Promise<StorageRunResult> {
  if (ctx.isClient) throw forbidden('Only warehouse staff may run storage days');
  assertDayOver(deps, input.day);
  if (input.background) {
    const jobId = await enqueueStorageDay(deps, ctx.tenantId, input.day, ctx.userId);
    return {
      day: input.day,
      jobId,
      clients: 0,
      written: 0,
      adjustments: 0,
      lines: 0,
      amountCents: 0,
      missingDimensions: 0,
    };
  }
  return {
    ...(await runStorageDay(deps.db, ctx.tenantId, input.day, { concurrency: storageConcurrency(deps) })),
    jobId: null,
  };
}

// ------------------------------------------------------------------ reading

type ChargeRow = typeof charges.$inferSelect & { companyName: string };

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

function toStorageCharge(r: ChargeRow): StorageCharge {
  const d = r.details as Record<string, unknown>;
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    day: r.serviceDate,
    productId: num(d.productId),
    productKey: typeof d.productKey === 'string' ? d.productKey : null,
    title: typeof d.title === 'string' ? d.title : null,
    units: num(d.units) ?? 0,
    chargeableUnits: num(d.chargeableUnits) ?? 0,
    volumePerUnit: typeof d.volumePerUnit === 'string' ? d.volumePerUnit : null,
    unit: d.unit === 'cubicMetreDay' ? 'cubicMetreDay' : 'cubicFootDay',
    quantity: trimDecimal(r.quantity),
    unitPrice: trimDecimal(r.unitPrice),
    amountCents: Number(r.amountCents),
    currency: r.currency,
    rule: r.rule,
    kind: r.adjustsChargeId === null ? 'charge' : 'adjustment',
    adjustsChargeId: r.adjustsChargeId,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** The storage lines: a client sees its own company's only, whatever it asks for. */
export async function listStorageCharges(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { companyId?: number; from?: string; to?: string },
): Promise<Page<StorageCharge> & { totalCents: number }> {
  const companyId = ctx.isClient ? ctx.companyId : q.companyId;
  const where = and(
    eq(charges.tenantId, ctx.tenantId),
    eq(charges.code, STORAGE_CODE),
    eq(charges.sourceType, STORAGE_SOURCE),
    companyId !== undefined ? eq(charges.companyId, companyId) : undefined,
    q.from ? gte(charges.serviceDate, q.from) : undefined,
    q.to ? lte(charges.serviceDate, q.to) : undefined,
  );
  const [totals] = await deps.db
    .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${charges.amountCents}), 0)::text` })
    .from(charges)
    .where(where);
  const rows = await deps.db
    .select({ c: charges, companyName: companies.name })
    .from(charges)
    .innerJoin(companies, eq(companies.id, charges.companyId))
    .where(where)
    .orderBy(desc(charges.serviceDate), companies.name, sql`${charges.details}->>'productKey'`, charges.id)
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return {
    content: rows.map((r) => toStorageCharge({ ...r.c, companyName: r.companyName })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(totals.n),
    totalCents: Number(totals.cents),
  };
}

/** The runs per day (warehouse only): totals and the products left uncharged for want of dimensions. */
export async function listStorageRuns(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { from?: string; to?: string },
): Promise<Page<StorageRun>> {
  if (ctx.isClient) throw forbidden('Only warehouse staff see storage runs');
  const where = and(
    eq(storageRuns.tenantId, ctx.tenantId),
    q.from ? gte(storageRuns.day, q.from) : undefined,
    q.to ? lte(storageRuns.day, q.to) : undefined,
  );
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(storageRuns)
    .where(where);
  const rows = await deps.db
    .select()
    .from(storageRuns)
    .where(where)
    .orderBy(desc(storageRuns.day))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const names = new Map(
    (
      await deps.db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.tenantId, ctx.tenantId))
    ).map((c) => [c.id, c.name]),
  );
  const currency = await readTenantSetting(deps.db, ctx.tenantId, 'CURRENCY');
  return {
    content: rows.map((r) => ({
      day: r.day,
      lines: r.lines,
      amountCents: Number(r.amountCents),
      currency,
      missingDimensions: (r.missingDimensions as MissingDimension[]).map((m) => ({
        ...m,
        companyName: names.get(m.companyId) ?? String(m.companyId),
      })),
      runAt: new Date(r.runAt).toISOString(),
    })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(n),
  };
}
