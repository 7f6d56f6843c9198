/**
 * The shipped step. The plan is marked shipped: its units leave the ledger, one movement per box
 * and item. Its actions are being added to the server; until they are wired here the step shows,
 * read-only, what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function ShippedStep({ plan, state }: StepProps) {
  return (
    <StepShell step="shipped" state={state}>
      <NotOnScreenYet step="shipped" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId']} />
      <LinesFacts plan={plan} />
    </StepShell>
  );
}
