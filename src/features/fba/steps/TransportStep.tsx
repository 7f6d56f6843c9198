/**
 * The transport step. Transportation options (partnered or own carrier, small parcel or LTL) and
 * delivery windows are compared by landed cost and confirmed. Its actions are being added to the
 * server; until they are wired here the step shows, read-only, what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function TransportStep({ plan, state }: StepProps) {
  return (
    <StepShell step="transport" state={state}>
      <NotOnScreenYet step="transport" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId', 'placementOptionId']} />
      <LinesFacts plan={plan} />
    </StepShell>
  );
}
