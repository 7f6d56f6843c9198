import type { WfsPlanDetail } from '../../../../domain/schemas/wfs';
import type { StepState } from '../../fba/words';

/** What every WFS step component gets: the plan as the server has it, and where the step stands. */
export interface WfsStepProps {
  plan: WfsPlanDetail;
  state: StepState;
}
