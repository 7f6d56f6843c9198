/**
 * The boxes step. Units are packed by scan into boxes of their packing group at the packer's bench,
 * with each box's dimensions and weight. Its actions are being added to the server; until they are
 * wired here the step shows, read-only, what the plan has.
 */
import { AmazonIds, LinesFacts } from './PlanFacts';
import { NotOnScreenYet, StepShell } from './StepShell';
import type { StepProps } from './types';

export function BoxesStep({ plan, state }: StepProps) {
  return (
    <StepShell step="boxes" state={state}>
      <NotOnScreenYet step="boxes" plan={plan} />
      <AmazonIds plan={plan} show={['inboundPlanId', 'packingOptionId']} />
      <LinesFacts plan={plan} packing />
    </StepShell>
  );
}
