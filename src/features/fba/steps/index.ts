/** One component per workflow step, so each can be filled in as the server's actions land. */
import type { ComponentType } from 'react';
import type { PlanStep } from '../../../../domain/schemas/fba';
import { BoxesStep } from './BoxesStep';
import { ItemsStep } from './ItemsStep';
import { LabelsStep } from './LabelsStep';
import { PackingStep } from './PackingStep';
import { PlacementStep } from './PlacementStep';
import { ReceivingStep } from './ReceivingStep';
import { ShippedStep } from './ShippedStep';
import { TransportStep } from './TransportStep';
import type { StepProps } from './types';

/** FBA's steps (WFS's `preview` and `carrier` are not FBA's). */
export const STEP_COMPONENTS: Partial<Record<PlanStep, ComponentType<StepProps>>> = {
  items: ItemsStep,
  packing: PackingStep,
  boxes: BoxesStep,
  placement: PlacementStep,
  transport: TransportStep,
  labels: LabelsStep,
  shipped: ShippedStep,
  receiving: ReceivingStep,
};
