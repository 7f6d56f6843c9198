/**
 * What the plan does when one of its Amazon operations succeeds, by Amazon's operation name. The
 * plan's listener (amazon-steps.ts) looks the handler up by the operation the plan waits for;
 * failures are handled there alike for every step (the plan stays where it was, with Amazon's
 * problems in its journal).
 */
import type { Deps } from '../../context.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { CONFIRM_PACKING, GENERATE_PACKING, onPackingConfirmed, onPackingOffered } from './packing.js';
import type { PlanRecord } from './plan-record.js';

export type DoneHandler = (deps: Deps, plan: PlanRecord, done: FinishedOperation) => Promise<void>;

export const DONE_HANDLERS: Record<string, DoneHandler> = {
  [GENERATE_PACKING]: onPackingOffered,
  [CONFIRM_PACKING]: onPackingConfirmed,
};
