/**
 * The demo tenants' carriers (Settings › Carriers), so mark shipped, WFS own-carrier tracking and
 * shipping templates choose from a list on the first day: the parcel carriers the sandboxes' labels
 * name (UPS, USPS, FedEx, DHL — the names Amazon and Walmart know) and an LTL carrier for pallets. Account numbers are made up.
 */
import type { CarrierValues } from '../../domain/schemas/carriers.js';
import type { DbOrTx } from '../db/client.js';
import { carriers } from '../db/schema/index.js';

export const DEMO_CARRIERS: CarrierValues[] = [
  {
    name: 'UPS',
    code: 'UPSN',
    kind: 'parcel',
    accountNumber: 'A1B2C3',
    services: ['Ground', '3 Day Select', '2nd Day Air', 'Next Day Air', 'SurePost'],
    trackingUrl: 'https://www.ups.com/track?tracknum={tracking}',
    active: true,
  },
  {
    name: 'USPS',
    code: 'USPS',
    kind: 'parcel',
    accountNumber: null,
    services: ['Ground Advantage', 'Priority Mail', 'Priority Mail Express', 'Media Mail'],
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}',
    active: true,
  },
  {
    name: 'FedEx',
    code: 'FDEG',
    kind: 'parcel',
    accountNumber: '510087020',
    services: ['Ground', 'Home Delivery', 'Express Saver', '2Day', 'Priority Overnight'],
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={tracking}',
    active: true,
  },
  {
    name: 'DHL',
    code: 'DHLC',
    kind: 'parcel',
    accountNumber: '961234567',
    services: ['Express Worldwide', 'Express 12:00'],
    trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB={tracking}',
    active: true,
  },
  {
    name: 'Old Dominion Freight Line',
    code: 'ODFL',
    kind: 'ltl',
    accountNumber: '11223344',
    services: ['LTL Standard', 'Guaranteed'],
    trackingUrl: 'https://www.odfl.com/trace/Trace.jsp?pro={tracking}',
    active: true,
  },
];

export async function seedDemoCarriers(tx: DbOrTx, tenantIds: readonly number[]): Promise<void> {
  await tx.insert(carriers).values(tenantIds.flatMap((tenantId) => DEMO_CARRIERS.map((c) => ({ ...c, tenantId }))));
}
