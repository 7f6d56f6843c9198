/**
 * An in-memory server with the push/pull semantics of server/sync (ARCHITECTURE.md, sync
 * protocol): each mutation id is applied at most once (a repeated id answers its recorded result),
 * business refusals are answered `rejected` and not recorded, and every effect is appended to a
 * change feed with tombstones. Faults can be injected around a push.
 */
import {
  isMutationName,
  MUTATIONS,
  type MutationName,
  type MutationResult,
  type ParsedMutationArgs,
} from '../../domain/mutations.js';
import { factsOf, judgeDockScans } from '../../domain/rules/dock-verdict.js';
import { normaliseTrackingNumber } from '../../domain/rules/tracking-number.js';
import type { ExpectedPackageRow, MatchStatus, PackageScanRow, ReceiveBatchRow } from '../../domain/schemas/inbound.js';
import type {
  Change,
  CompanyRow,
  PullResponse,
  PushRequest,
  PushResponse,
  PushResult,
} from '../../domain/sync-protocol.js';
import { SyncTransportError } from '../../sync/transport-error.js';

type Fault = 'network-before' | 'network-after' | 'http-500' | 'http-401' | 'http-400' | 'stop-after-2';

export class FakeServer {
  companies = new Map<number, CompanyRow>();
  expected = new Map<string, ExpectedPackageRow>();
  batches = new Map<string, ReceiveBatchRow>();
  scans = new Map<string, PackageScanRow>();
  /** (mutation id) → recorded result: the exactly-once table. */
  recorded = new Map<string, unknown>();
  feed: { seq: number; change: Change }[] = [];
  /** Every mutation id the server received, in arrival order (repeats included). */
  received: string[] = [];
  /** Sizes of the pushes that reached the server. */
  pushSizes: number[] = [];
  /** JSON sizes of those pushes. */
  pushBytes: number[] = [];
  /** How many times each mutation's effect was applied (must never exceed 1). */
  effects = new Map<string, number>();
  faults: Fault[] = [];
  rejectIds = new Set<string>();
  online = true;
  private nextExpectedId = 1;

  private emit(change: Change): void {
    this.feed.push({ seq: this.feed.length + 1, change });
  }

  /** A row the real server would publish (e.g. a plan reaching the bench). */
  publish(change: Change): void {
    this.emit(change);
  }

  addCompany(row: CompanyRow): void {
    this.companies.set(row.id, row);
    this.emit({ table: 'companies', op: 'put', key: String(row.id), row: { ...row } });
  }

  /** A client announces tracking numbers (as typed; the server stores them normalised). */
  announce(companyId: number, numbers: string[], batchId = 1): ExpectedPackageRow[] {
    return numbers.map((n) => {
      const row: ExpectedPackageRow = {
        id: String(this.nextExpectedId++),
        batchId,
        companyId,
        trackingNumber: normaliseTrackingNumber(n),
        status: 'expected',
        deliveredAt: null,
      };
      this.expected.set(row.id, row);
      this.emit({ table: 'expectedPackages', op: 'put', key: row.id, row: { ...row } });
      return row;
    });
  }

  removeExpected(id: string): void {
    this.expected.delete(id);
    this.emit({ table: 'expectedPackages', op: 'delete', key: id });
  }

  /** The transport the engine is given. */
  push = async (req: PushRequest): Promise<PushResponse> => {
    if (!this.online) throw new TypeError('Failed to fetch');
    const fault = this.faults.shift();
    if (fault === 'network-before') throw new TypeError('Failed to fetch');
    if (fault === 'http-500') throw new SyncTransportError('server', 'HTTP 500', 500);
    if (fault === 'http-401') throw new SyncTransportError('unauthorized', 'HTTP 401', 401);
    if (fault === 'http-400') throw new SyncTransportError('rejected', 'deviceId: required', 400);
    this.pushSizes.push(req.mutations.length);
    this.pushBytes.push(JSON.stringify(req).length);
    const results: PushResult[] = [];
    for (const m of req.mutations) {
      if (fault === 'stop-after-2' && results.length === 2) break;
      this.received.push(m.id);
      results.push(this.applyOnce(m.id, m.name, m.args));
    }
    // The response is lost on the way back: the effects above are committed all the same.
    if (fault === 'network-after') throw new TypeError('Network connection lost');
    return { results };
  };

  pull = async (cursor: number, limit = 1000): Promise<PullResponse> => {
    if (!this.online) throw new TypeError('Failed to fetch');
    const after = this.feed.filter((f) => f.seq > cursor);
    const page = after.slice(0, limit);
    return {
      cursor: page.length ? page[page.length - 1].seq : cursor,
      hasMore: after.length > limit,
      changes: page.map((f) => f.change),
    };
  };

  private applyOnce(id: string, name: string, rawArgs: unknown): PushResult {
    if (this.recorded.has(id)) return { id, status: 'applied', result: this.recorded.get(id) };
    if (this.rejectIds.has(id))
      return { id, status: 'rejected', code: 'business_rule', message: 'Refused for the test' };
    if (!isMutationName(name))
      return { id, status: 'rejected', code: 'unknown_mutation', message: `Unknown mutation "${name}"` };
    const parsed = MUTATIONS[name].args.safeParse(rawArgs);
    if (!parsed.success) return { id, status: 'rejected', code: 'validation', message: parsed.error.message };
    try {
      const result = this.apply(name, parsed.data as ParsedMutationArgs<typeof name>);
      this.recorded.set(id, result);
      this.effects.set(id, (this.effects.get(id) ?? 0) + 1);
      return { id, status: 'applied', result };
    } catch (err) {
      return { id, status: 'rejected', code: 'business_rule', message: (err as Error).message };
    }
  }

  private apply<N extends MutationName>(name: N, args: ParsedMutationArgs<N>): MutationResult<MutationName> {
    if (name === 'problem.photo') return { problemId: 1, photoId: this.effects.size + 1 };
    // The bench's verdicts are the real server's (tests/integration/fba-bench.test.ts): here they are taken.
    if (name.startsWith('box.')) return { acceptedBy: 'fake' } as unknown as MutationResult<MutationName>;
    if (name === 'packageReceiveBatch.open') {
      const a = args as ParsedMutationArgs<'packageReceiveBatch.open'>;
      const row: ReceiveBatchRow = this.batches.get(a.id) ?? {
        id: a.id,
        companyId: a.companyId,
        warehouseId: a.warehouseId ?? null,
        status: 'open',
        openedAt: '2025-11-22 10:00:00+00',
        closedAt: null,
      };
      this.batches.set(row.id, row);
      this.emit({ table: 'receiveBatches', op: 'put', key: row.id, row: { ...row } });
      return { id: row.id, status: row.status };
    }
    if (name === 'packageReceiveBatch.close') {
      const a = args as ParsedMutationArgs<'packageReceiveBatch.close'>;
      const batch = this.batches.get(a.id);
      if (!batch) throw new Error('Receive batch not found');
      const row: ReceiveBatchRow = { ...batch, status: 'closed', closedAt: '2025-11-22 11:00:00+00' };
      this.batches.set(row.id, row);
      this.emit({ table: 'receiveBatches', op: 'put', key: row.id, row: { ...row } });
      return { id: row.id, status: 'closed' };
    }
    const a = args as ParsedMutationArgs<'package.scan'>;
    const batch = this.batches.get(a.batchId);
    if (!batch) throw new Error('Receive batch not found');
    if (batch.status !== 'open') throw new Error('This receive batch is closed');
    // The one dock rule (domain/rules/dock-verdict.ts), fed from this fake's state.
    const n = normaliseTrackingNumber(a.trackingNumber);
    const ofClient = [...this.expected.values()].filter(
      (e) => e.companyId === batch.companyId && e.trackingNumber === n,
    );
    const again = [...this.scans.values()].some((s) => s.receiveBatchId === batch.id && s.trackingNumber === n);
    const [judged] = judgeDockScans(
      [a.trackingNumber],
      factsOf(
        n,
        again,
        ofClient.map((e) => e.status),
      ),
    );
    if ('refused' in judged) throw new Error('trackingNumber: too short after normalisation');
    const matchStatus: MatchStatus = judged.verdict;
    if (matchStatus === 'matched') {
      const open = ofClient.find((e) => e.status === 'expected')!;
      const delivered = { ...open, status: 'delivered', deliveredAt: a.scannedAt };
      this.expected.set(open.id, delivered);
      this.emit({ table: 'expectedPackages', op: 'put', key: open.id, row: { ...delivered } });
    }
    const scan: PackageScanRow = {
      id: a.id,
      receiveBatchId: batch.id,
      trackingNumber: n,
      matchStatus,
      scannedAt: a.scannedAt,
      provisional: false,
    };
    this.scans.set(scan.id, scan);
    this.emit({ table: 'packageScans', op: 'put', key: scan.id, row: { ...scan } });
    return { matchStatus };
  }
}
