/**
 * How the WFS screens word Walmart's codes: a shipment's status (CREATED, IN_TRANSIT …) in the
 * user's language; a status Walmart adds later reads as words, never as a raw code.
 */
import type { Translate } from '../fba/lines';

/** Walmart's inbound shipment statuses the screens know by name (wfs.shipmentStatuses in each locale). */
export const WFS_SHIPMENT_STATUSES = [
  'CREATED',
  'PENDING_SHIPMENT_DETAILS',
  'SHIPMENT_DETAILS_SUBMITTED',
  'AWAITING_DELIVERY',
  'IN_TRANSIT',
  'DELIVERED',
  'RECEIVING_IN_PROGRESS',
  'CLOSED',
  'CANCELLED',
] as const;

/** A code not known by name, as words: RECEIVED_AT_DOCK → "Received at dock". */
export const codeAsWords = (code: string): string => {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '–';
};

export const shipmentStatusWords = (status: string, t: Translate): string =>
  (WFS_SHIPMENT_STATUSES as readonly string[]).includes(status)
    ? t(`wfs.shipmentStatuses.${status}`)
    : codeAsWords(status);
