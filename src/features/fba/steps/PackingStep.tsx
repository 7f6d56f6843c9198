/**
 * The packing step. Amazon's packing options (each with its packing groups and fees) are listed and
 * one confirmed; the lines show Amazon's prep instructions and packing groups. Its actions are
 * being added to the server; until they are wired here the step shows, read-only, what the plan
 * has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function PackingStep({ plan, state }: StepProps) {
  return (
    <StepShell step="packing" state={state}>
      <NotOnScreenYet step="packing" />
      <AmazonIds plan={plan} show={['inboundPlanId', 'packingOptionId']} />
      <LinesFacts plan={plan} packing />
    </StepShell>
  );
}
