/**
 * What the plan does when one of its Amazon operations succeeds, by Amazon's operation name. The
 * plan's listener (amazon-steps.ts) looks the handler up by the operation the plan waits for;
 * failures are handled there alike for every step (the plan stays where it was, with Amazon's
 * problems in its journal).
 */
import type { Deps } from '../../context.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { CONFIRM_PACKING, GENERATE_PACKING, onPackingConfirmed, onPackingOffered } from './packing.js';
import { onBoxesTaken, SET_PACKING } from './packing-information.js';
import {
  CONFIRM_PLACEMENT,
  GENERATE_PLACEMENT,
  GENERATE_TRANSPORT,
  onPlacementConfirmed,
  onPlacementOffered,
  onTransportOffered,
} from './placement.js';
import { onTrackingTaken, UPDATE_TRACKING } from './labels.js';
import type { PlanRecord } from './plan-record.js';
import {
  CONFIRM_TRANSPORT,
  CONFIRM_WINDOW,
  GENERATE_WINDOWS,
  onTransportConfirmed,
  onWindowConfirmed,
  onWindowsOffered,
} from './transport.js';

export type DoneHandler = (deps: Deps, plan: PlanRecord, done: FinishedOperation) => Promise<void>;

export const DONE_HANDLERS: Record<string, DoneHandler> = {
  [GENERATE_PACKING]: onPackingOffered,
  [CONFIRM_PACKING]: onPackingConfirmed,
  [SET_PACKING]: onBoxesTaken,
  [GENERATE_PLACEMENT]: onPlacementOffered,
  [GENERATE_TRANSPORT]: onTransportOffered,
  [CONFIRM_PLACEMENT]: onPlacementConfirmed,
  [GENERATE_WINDOWS]: onWindowsOffered,
  [CONFIRM_WINDOW]: onWindowConfirmed,
  [CONFIRM_TRANSPORT]: onTransportConfirmed,
  [UPDATE_TRACKING]: onTrackingTaken,
};
