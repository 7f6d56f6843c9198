/**
 * The plan's journal (decision 0010): every step is written down — who (null for the background
 * job), when, what was asked and what came back — so a support person can see why a plan is where
 * it is. An Amazon call is journalled before it is made and again after.
 */
import type { PlanEventKind } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { shipmentPlanEvents } from '../../db/schema/index.js';
import { sayWords, type Words } from '../../http/words.js';

/**
 * One line: its words as a code and parameters (`journal.planCreated`, said in the reader's
 * language, issue 41), or English words alone (lines not yet coded).
 */
export type JournalEntry = {
  kind: PlanEventKind;
  request?: unknown;
  response?: unknown;
} & ({ words: Words; message?: never } | { message: string; words?: never });

export async function journal(
  tx: DbOrTx,
  plan: { id: number; tenantId: number },
  userId: number | null,
  at: string,
  entry: JournalEntry,
): Promise<void> {
  await tx.insert(shipmentPlanEvents).values({
    tenantId: plan.tenantId,
    planId: plan.id,
    at,
    userId,
    kind: entry.kind,
    message: entry.words ? sayWords(entry.words, 'en') : entry.message,
    words: entry.words ?? null,
    request: entry.request ?? null,
    response: entry.response ?? null,
  });
}

/** Amazon's operation problems in words, one per problem. */
export const problemWords = (problems: { code: string; message: string; details?: string }[]): string[] =>
  problems.map((p) => `Amazon (${p.code}): ${p.message}${p.details ? ` — ${p.details}` : ''}`);
