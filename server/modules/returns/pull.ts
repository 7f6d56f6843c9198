/**
 * A store's expected returns and removals pulled from Amazon's reports — the `returns.pull` job,
 * queued hourly for every connected Amazon store and on request. Each kind runs only when its
 * store setting is on (STORE_PULL_AMZ_RETURN_ORDER, STORE_PULL_AMZ_REMOVAL_ORDER; a client-wide
 * setting of the same key counts for all its stores).
 *
 * Each kind: request the report over the window since the last pull (a little overlap: Amazon
 * adds rows late), remember the report id, wait for it, read it in Amazon's columns, store what it
 * says (idempotent by return key), and only then move the window. An outage or a restart keeps the
 * report id, so the retry reads the same report instead of asking Amazon again; nothing is lost.
 */
import { and, eq } from 'drizzle-orm';
import { fbmReturnsOfReport, removalShipmentsOfReport } from '../../../domain/rules/returns.js';
import type { ReturnKind } from '../../../domain/schemas/returns.js';
import { AMAZON_MARKETPLACE_IDS, isAmazon } from '../../../domain/schemas/stores.js';
import type { SettingKey } from '../../../domain/settings-keys.js';
import type { Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { settings, stores } from '../../db/schema/index.js';
import { returnPulls } from '../../db/schema/returns.js';
import { readFlatFileReport } from '../../integrations/amazon/reports.js';
import type { FlatFileReportType } from '../../integrations/amazon/reports-models.js';
import type { JobContext } from '../../jobs/queue.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { storeExpectedReturns } from './store.js';

const DAY = 86_400_000;
/** Each later pull starts this long before the last one ended (Amazon adds rows late). */
const OVERLAP_MS = 2 * DAY;

interface KindDef {
  setting: SettingKey;
  reportType: FlatFileReportType;
  /** How far back a store's first pull reads. */
  lookbackDays: number;
  /** The widest window one report may ask for. */
  maxWindowDays: number;
  read: (rows: Record<string, string>[]) => ReturnType<typeof fbmReturnsOfReport>;
}
export const PULL_KINDS: Record<ReturnKind, KindDef> = {
  fbm_return: {
    setting: 'STORE_PULL_AMZ_RETURN_ORDER',
    reportType: 'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE',
    lookbackDays: 30,
    // Amazon accepts at most 60 days for Returns by return date.
    maxWindowDays: 59,
    read: fbmReturnsOfReport,
  },
  fba_removal: {
    setting: 'STORE_PULL_AMZ_REMOVAL_ORDER',
    reportType: 'GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA',
    // A removal parcel can take weeks to arrive: the first pull looks back two months.
    lookbackDays: 60,
    maxWindowDays: 180,
    read: removalShipmentsOfReport,
  },
};

/**
 * How long one run waits for Amazon to finish a report before leaving it (its id kept) for the
 * job's retry, so a slow report never holds a worker that other stores' pulls wait for.
 */
export const reportWait = {
  maxMs: 2 * 60_000,
  delays: [200, 300, 500, 1000, 2000, 5000, 10_000, 20_000, 30_000],
  sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
};

/** A setting is on when its JSON value is true (or "true", or {"enabled": true}). */
export const settingIsOn = (value: string | undefined): boolean => {
  if (value === undefined) return false;
  try {
    const v: unknown = JSON.parse(value);
    if (v === true || v === 'true') return true;
    return typeof v === 'object' && v !== null && (v as { enabled?: unknown }).enabled === true;
  } catch {
    return value.trim() === 'true';
  }
};

/** The store's own setting, else its client's; off when neither says. */
export async function pullSettingOn(
  db: DbOrTx,
  store: { id: number; tenantId: number; companyId: number },
  key: SettingKey,
): Promise<boolean> {
  const rows = await db
    .select({ referenceType: settings.referenceType, referenceId: settings.referenceId, value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, store.tenantId), eq(settings.settingKey, key)));
  const own = rows.find((r) => r.referenceType === 'STORE' && r.referenceId === store.id);
  if (own) return settingIsOn(own.value);
  const client = rows.find((r) => r.referenceType === 'COMPANY' && r.referenceId === store.companyId);
  return settingIsOn(client?.value);
}

export interface KindPull {
  kind: ReturnKind;
  skipped?: string;
  reportId?: string;
  read?: number;
  created?: number;
  updated?: number;
  unchanged?: number;
}
export interface ReturnPullResult {
  storeId: number;
  kinds: KindPull[];
  skipped?: string;
}

export class ReportNotReady extends Error {}

export async function pullReturns(
  deps: Deps,
  data: { tenantId: number; storeId: number },
  job?: Pick<JobContext, 'progress'>,
): Promise<ReturnPullResult> {
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, data.storeId), eq(stores.tenantId, data.tenantId)));
  const skip = (skipped: string): ReturnPullResult => ({ storeId: data.storeId, kinds: [], skipped });
  if (!store) return skip('The store no longer exists');
  if (!isAmazon(store.marketplace)) return skip('Not an Amazon store');
  if (store.connection === 'reconnect_needed') return skip('The store needs reconnecting');
  if (store.connection === 'not_connected') return skip('The store is not connected yet');
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];

  const kinds: KindPull[] = [];
  for (const kind of Object.keys(PULL_KINDS) as ReturnKind[]) {
    const def = PULL_KINDS[kind];
    if (!(await pullSettingOn(deps.db, store, def.setting))) {
      kinds.push({ kind, skipped: `${def.setting} is off` });
      continue;
    }
    kinds.push(await pullKind(deps, store, marketplaceId, kind));
    await job?.progress(kinds.length, 2, `${kind}: ${kinds.at(-1)?.created ?? 0} new`);
  }
  return { storeId: store.id, kinds };
}

async function pullKind(
  deps: Deps,
  store: typeof stores.$inferSelect,
  marketplaceId: string,
  kind: ReturnKind,
): Promise<KindPull> {
  const def = PULL_KINDS[kind];
  const key = and(eq(returnPulls.storeId, store.id), eq(returnPulls.kind, kind));
  const [mark] = await deps.db.select().from(returnPulls).where(key);
  const now = deps.now().getTime();
  const client = await amazonClientFor(deps, store);
  const failed = async (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    await deps.db
      .update(returnPulls)
      .set({ lastError: message.slice(0, 1000) })
      .where(key);
  };

  // 1. The report: the one asked for before (an outage or restart came between), or a new one.
  let reportId = mark?.pendingReportId ?? null;
  let until = mark?.pendingUntil ? Date.parse(mark.pendingUntil) : now;
  if (!reportId) {
    const from = Math.max(
      mark?.highWater ? Date.parse(mark.highWater) - OVERLAP_MS : now - def.lookbackDays * DAY,
      now - def.maxWindowDays * DAY,
    );
    until = now;
    const created = await withStore(deps, store, () =>
      client.reports.createReport({
        reportType: def.reportType,
        marketplaceIds: [marketplaceId],
        dataStartTime: new Date(from).toISOString(),
        dataEndTime: new Date(until).toISOString(),
      }),
    );
    reportId = created.reportId;
    await deps.db
      .insert(returnPulls)
      .values({ storeId: store.id, kind, pendingReportId: reportId, pendingUntil: new Date(until).toISOString() })
      .onConflictDoUpdate({
        target: [returnPulls.storeId, returnPulls.kind],
        set: { pendingReportId: reportId, pendingUntil: new Date(until).toISOString() },
      });
  }

  // 2. Wait for it (Amazon takes seconds to minutes); too long leaves it for the job's retry.
  let rows: Record<string, string>[] = [];
  try {
    rows = await withStore(deps, store, async () => {
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        const report = await client.reports.getReport(reportId);
        if (report.processingStatus === 'DONE' && report.reportDocumentId) {
          const doc = await client.reports.getReportDocument(report.reportDocumentId);
          return readFlatFileReport(def.reportType, await client.reports.downloadReportDocument(doc));
        }
        // Amazon cancels a report with nothing to say: an empty window, not a failure.
        if (report.processingStatus === 'CANCELLED') return [];
        if (report.processingStatus === 'FATAL') throw new ReportFailed(await client.reports.endingOf(report));
        if (Date.now() - started > reportWait.maxMs)
          throw new ReportNotReady(
            `Amazon has not finished report ${reportId} yet; the pull will read it on its retry`,
          );
        await reportWait.sleep(reportWait.delays[Math.min(attempt, reportWait.delays.length - 1)]);
      }
    });
  } catch (err) {
    // A report Amazon gave up on is asked for again next time; anything else keeps waiting for it.
    if (err instanceof ReportFailed)
      await deps.db.update(returnPulls).set({ pendingReportId: null, pendingUntil: null }).where(key);
    await failed(err);
    throw err;
  }

  // 3. Store what it says, then move the window (never backwards) and forget the report.
  const expected = def.read(rows);
  const stored = await deps.db.transaction(async (tx) => {
    const r = await storeExpectedReturns(
      tx,
      { tenantId: store.tenantId, companyId: store.companyId, storeId: store.id, storeName: store.name, userId: null },
      'amazon',
      expected,
    );
    const highWater = new Date(Math.max(until, mark?.highWater ? Date.parse(mark.highWater) : 0)).toISOString();
    await tx
      .update(returnPulls)
      .set({
        highWater,
        pendingReportId: null,
        pendingUntil: null,
        lastPulledAt: deps.now().toISOString(),
        lastCount: expected.length,
        lastError: null,
      })
      .where(key);
    return r;
  });
  return { kind, reportId, read: expected.length, ...stored };
}

class ReportFailed extends Error {}

/** Hourly: a returns pull queued for every connected Amazon store with either setting on. */
export async function scheduleReturnPulls(deps: Deps): Promise<{ queued: number }> {
  const connected = await deps.db.select().from(stores).where(eq(stores.connection, 'connected'));
  let queued = 0;
  for (const s of connected) {
    if (!isAmazon(s.marketplace)) continue;
    const on = [
      await pullSettingOn(deps.db, s, 'STORE_PULL_AMZ_RETURN_ORDER'),
      await pullSettingOn(deps.db, s, 'STORE_PULL_AMZ_REMOVAL_ORDER'),
    ];
    if (!on.some(Boolean)) continue;
    const id = await deps.jobs.enqueue(
      'returns.pull',
      { tenantId: s.tenantId, storeId: s.id },
      { tenantId: s.tenantId, singletonKey: returnPullKey(s.id) },
    );
    if (id) queued++;
  }
  return { queued };
}

export const returnPullKey = (storeId: number): string => `returns:${storeId}`;
