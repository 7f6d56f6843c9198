/**
 * The warehouse's box sizes (spec §9 DEFINED_BOX_DIMENSIONS) for the close-box form: asked of the
 * server when online and kept on the device (preset-cache.ts); the cached or common sizes when
 * the server cannot be asked.
 */
import { boxPresetsSchema, DEFAULT_BOX_PRESETS, type BoxPreset } from '../../../domain/schemas/bench';
import { getAs } from '../../api/typed';
import { cachedPresets, cachePresets } from './preset-cache';

export const PRESETS_PATH = '/api/outbound/outbound-shipping/box/presets';

export async function loadPresets(): Promise<{ presets: BoxPreset[]; fresh: boolean }> {
  try {
    const presets = await getAs(PRESETS_PATH, boxPresetsSchema, { quiet: true, background: true });
    cachePresets(presets);
    return { presets: presets.length ? presets : DEFAULT_BOX_PRESETS, fresh: true };
  } catch {
    return { presets: cachedPresets(), fresh: false };
  }
}
