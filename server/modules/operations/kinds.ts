/**
 * How to ask a marketplace about each kind of asynchronous operation, and who waits for it. A
 * workflow registers what to do when its operations finish (`onOperationDone`); the poll job calls
 * it once, after the finished state is stored.
 */
import type { Deps } from '../../context.js';
import type { StoreRecord } from '../stores/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { askAmazonReport } from './amazon-report.js';
import { askWalmartFeed } from './walmart-feed.js';

export interface OperationState {
  /** The provider's name for the operation (createInboundPlan …). */
  operation: string | null;
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
  problems: { code: string; message: string; severity: string; details?: string }[];
}

export const OPERATION_KINDS = ['amazon.inbound', 'amazon.report', 'walmart.feed'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

const ask: Record<OperationKind, (deps: Deps, store: StoreRecord, operationId: string) => Promise<OperationState>> = {
  // Fulfillment Inbound v2024-03-20: getInboundOperationStatus.
  'amazon.inbound': async (deps, store, operationId) => {
    const s = await (await amazonClientFor(deps, store)).inbound.operationStatus(operationId);
    return { operation: s.operation, status: s.operationStatus, problems: s.operationProblems };
  },
  // Reports v2021-06-30: getReport (the operation id is the reportId).
  'amazon.report': askAmazonReport,
  // Walmart feeds: getFeedItemStatus with each item (the operation id is the feedId).
  'walmart.feed': askWalmartFeed,
};

export const askOperation = (kind: OperationKind, deps: Deps, store: StoreRecord, operationId: string) =>
  ask[kind](deps, store, operationId);

export interface FinishedOperation {
  tenantId: number;
  storeId: number;
  kind: OperationKind;
  operationId: string;
  operation: string | null;
  subject: string | null;
  status: 'SUCCESS' | 'FAILED' | 'GAVE_UP';
  problems: OperationState['problems'];
}
export type OperationListener = (deps: Deps, done: FinishedOperation) => Promise<void>;

const listeners = new Map<OperationKind, OperationListener[]>();

/** A workflow's reaction to its operations finishing (idempotent: a retried poll may call it again). */
export function onOperationDone(kind: OperationKind, listener: OperationListener): () => void {
  const list = listeners.get(kind) ?? [];
  listeners.set(kind, [...list, listener]);
  return () =>
    listeners.set(
      kind,
      (listeners.get(kind) ?? []).filter((l) => l !== listener),
    );
}

export async function announce(deps: Deps, done: FinishedOperation): Promise<void> {
  for (const l of listeners.get(done.kind) ?? []) await l(deps, done);
}
