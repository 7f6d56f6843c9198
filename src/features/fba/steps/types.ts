import type { PlanDetail } from '../../../../domain/schemas/fba';
import type { StepState } from '../words';

/** What every step component gets: the plan as the server has it, and where the step stands. */
export interface StepProps {
  plan: PlanDetail;
  state: StepState;
}
