/** The box presets kept on the device, so a bench that lost the network still offers them. */
import { boxPresetsSchema, DEFAULT_BOX_PRESETS, type BoxPreset } from '../../../domain/schemas/bench';

const CACHE_KEY = 'dockside.bench.presets';
type Store = Pick<Storage, 'getItem' | 'setItem'>;
const local = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The cached presets, else the common sizes the server starts with. */
export function cachedPresets(storage: Pick<Storage, 'getItem'> | null = local()): BoxPreset[] {
  try {
    const parsed = boxPresetsSchema.safeParse(JSON.parse(storage?.getItem(CACHE_KEY) ?? 'null'));
    return parsed.success && parsed.data.length ? parsed.data : DEFAULT_BOX_PRESETS;
  } catch {
    return DEFAULT_BOX_PRESETS;
  }
}

export function cachePresets(presets: BoxPreset[], storage: Store | null = local()): void {
  try {
    storage?.setItem(CACHE_KEY, JSON.stringify(presets));
  } catch {
    // Not cached: the next offline start falls back to the common sizes.
  }
}
