/**
 * The receiving step. Amazon's receipts are followed per SKU; a discrepancy is flagged for a claim.
 * Its actions are being added to the server; until they are wired here the step shows, read-only,
 * what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function ReceivingStep({ plan, state }: StepProps) {
  return (
    <StepShell step="receiving" state={state}>
      <NotOnScreenYet step="receiving" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId']} />
      <LinesFacts plan={plan} />
    </StepShell>
  );
}
