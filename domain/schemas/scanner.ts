/** Keyboard-wedge scanner thresholds of a device (printer/scanner settings; kept on the device). */
import { z } from 'zod';

export const WEDGE_TERMINATORS = ['Enter', 'Tab'] as const;

export const scannerSettingsSchema = z.object({
  /** Largest gap between two keys of one burst (ms): scanners type 1–20 ms apart, people 80+. */
  maxGapMs: z
    .number()
    .int('maxGapMs: whole milliseconds')
    .min(5, 'maxGapMs: at least 5 ms')
    .max(200, 'maxGapMs: at most 200 ms'),
  minLength: z
    .number()
    .int('minLength: a whole number')
    .min(1, 'minLength: at least 1')
    .max(64, 'minLength: at most 64'),
  terminators: z.array(z.enum(WEDGE_TERMINATORS)).min(1, 'terminators: choose at least one key').max(2),
});
export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;
