/**
 * Sorting received units to their workflow (issue 6, "sort and receive"): good units leave
 * RECEIVING for the place their workflow starts — the FBA or WFS prep station, the merchant-
 * fulfilment shelf — or, for storage, any storage bin the receiver scans. The same rule tells the
 * handheld where a unit goes and lets the server refuse a unit put in the wrong place.
 */
import type { ItemAction } from '../schemas/inbound.js';
import { canTransition, type ItemStatus } from './item-status.js';

export const RECEIVING = 'RECEIVING';

/** Where each workflow's units go; null: a storage bin of the receiver's choice. */
export const SORT_STATIONS: Record<ItemAction, string | null> = {
  fba_prep: 'PREP-FBA',
  wfs_prep: 'PREP-WFS',
  fbm: 'FBM-SHELF',
  storage: null,
};

export type SortDestination = { kind: 'station'; code: string } | { kind: 'bin' };

export const sortDestination = (itemAction: string): SortDestination => {
  const code = SORT_STATIONS[itemAction as ItemAction];
  return code ? { kind: 'station', code } : { kind: 'bin' };
};

export const normaliseLocation = (code: string): string => code.trim().toUpperCase();

const LOCATION_CODE = /^[A-Z0-9][A-Z0-9._/-]{1,39}$/;
const STATIONS = new Set(Object.values(SORT_STATIONS).filter((c): c is string => c !== null));

/** Null when the unit may go to `location`, else the message the receiver reads. */
export function sortLocationError(itemAction: string, location: string): string | null {
  const code = normaliseLocation(location);
  if (!LOCATION_CODE.test(code)) return `${location.trim() || 'This'} is not a location code`;
  const dest = sortDestination(itemAction);
  if (dest.kind === 'station') return code === dest.code ? null : `This unit goes to ${dest.code}, not ${code}`;
  if (code === RECEIVING || STATIONS.has(code)) return `This unit goes to a storage bin, not ${code}`;
  return null;
}

/** Good units counted and not yet sorted out of RECEIVING. */
export const unitsToSort = (item: { receivedQty: number; sortedQty: number }): number =>
  Math.max(0, item.receivedQty - item.sortedQty);

/** The status once every good unit has left RECEIVING: in prep for the prep workflows, stored otherwise. */
export function statusAfterSort(item: {
  status: string;
  itemAction: string;
  receivedQty: number;
  sortedQty: number;
}): string {
  if (unitsToSort(item) > 0) return item.status;
  const target: ItemStatus = item.itemAction === 'fba_prep' || item.itemAction === 'wfs_prep' ? 'inprep' : 'stored';
  return canTransition(item.status as ItemStatus, target) ? target : item.status;
}

export type SortCheck =
  { ok: true; sortedQty: number; status: string; location: string } | { ok: false; message: string };

/** The whole check of one sort, shared by the device and the server (which also checks the ledger). */
export function checkSort(
  item: { status: string; itemAction: string; receivedQty: number; sortedQty: number; title: string },
  quantity: number,
  location: string,
): SortCheck {
  const placeError = sortLocationError(item.itemAction, location);
  if (placeError) return { ok: false, message: placeError };
  const waiting = unitsToSort(item);
  if (quantity > waiting)
    return {
      ok: false,
      message:
        waiting === 0
          ? `No units of ${item.title} wait in receiving`
          : `Only ${waiting} units of ${item.title} wait in receiving`,
    };
  const sortedQty = item.sortedQty + quantity;
  return {
    ok: true,
    sortedQty,
    status: statusAfterSort({ ...item, sortedQty }),
    location: normaliseLocation(location),
  };
}
