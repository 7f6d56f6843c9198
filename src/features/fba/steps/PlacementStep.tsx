/**
 * The placement step. Amazon's placement options (shipments to fulfilment centres and their fees)
 * are compared and one confirmed. Its actions are being added to the server; until they are wired
 * here the step shows, read-only, what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function PlacementStep({ plan, state }: StepProps) {
  return (
    <StepShell step="placement" state={state}>
      <NotOnScreenYet step="placement" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId', 'placementOptionId']} />
      <LinesFacts plan={plan} />
    </StepShell>
  );
}
