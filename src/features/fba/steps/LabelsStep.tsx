/**
 * The labels step. Box and pallet labels are printed in box order; tracking numbers are entered for
 * own-carrier shipments. Its actions are being added to the server; until they are wired here the
 * step shows, read-only, what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function LabelsStep({ plan, state }: StepProps) {
  return (
    <StepShell step="labels" state={state}>
      <NotOnScreenYet step="labels" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId']} />
      <LinesFacts plan={plan} />
    </StepShell>
  );
}
