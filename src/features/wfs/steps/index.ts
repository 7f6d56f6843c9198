/** One component per WFS step (domain/schemas/fba.ts WFS_STEPS). */
import type { ComponentType } from 'react';
import type { PlanStep } from '../../../../domain/schemas/fba';
import { WfsBoxesStep } from './WfsBoxesStep';
import { WfsCarrierStep } from './WfsCarrierStep';
import { WfsItemsStep } from './WfsItemsStep';
import { WfsLabelsStep } from './WfsLabelsStep';
import { WfsPreviewStep } from './WfsPreviewStep';
import { WfsReceivingStep, WfsShippedStep } from './WfsShippedStep';
import type { WfsStepProps } from './types';

export const WFS_STEP_COMPONENTS: Partial<Record<PlanStep, ComponentType<WfsStepProps>>> = {
  items: WfsItemsStep,
  preview: WfsPreviewStep,
  boxes: WfsBoxesStep,
  carrier: WfsCarrierStep,
  labels: WfsLabelsStep,
  shipped: WfsShippedStep,
  receiving: WfsReceivingStep,
};
