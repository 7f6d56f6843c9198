/**
 * What a move screen can tell about a scanned place code from the device's replica of the
 * warehouse's locations and LPNs, offline too. Before the first pull has brought any of them the
 * device knows nothing, and the server judges (the scan is not refused here).
 */
import type { LocationRow } from '../../../domain/schemas/locations';

export interface KnownPlaces {
  /** Location code → active. */
  locations: ReadonlyMap<string, boolean>;
  lpns: ReadonlySet<string>;
}

export type PlaceVerdict = 'known' | 'unknown' | 'inactive' | 'not_synced';

export function knownPlaces(locations: readonly LocationRow[], lpnCodes: readonly string[]): KnownPlaces {
  return { locations: new Map(locations.map((l) => [l.id, l.active])), lpns: new Set(lpnCodes) };
}

/** `destination`: an inactive location takes nothing (the server refuses it too); a source may be emptied. */
export function checkPlace(code: string, places: KnownPlaces | null | undefined, destination: boolean): PlaceVerdict {
  if (!places || (places.locations.size === 0 && places.lpns.size === 0)) return 'not_synced';
  if (places.lpns.has(code)) return 'known';
  const active = places.locations.get(code);
  if (active === undefined) return 'unknown';
  return active || !destination ? 'known' : 'inactive';
}
