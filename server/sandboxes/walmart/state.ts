/**
 * What the Walmart sandbox holds for a seller account (its client id): WFS inbound shipments, seeded
 * on first read with a plausible history (delivered, receiving, in transit) from the account id.
 */
import type { Deps } from '../../context.js';
import { inboundShipmentSchema, type InboundShipment } from '../../integrations/walmart/models.js';
import { code, rng } from '../random.js';
import { recordsOf, type RecordSet } from '../records.js';

/** The WFS fulfilment centres the sandbox routes to (inbound-state.ts gives them ship nodes). */
export const FCS = [
  { fcName: 'NJ3', addressLine1: '3 Sorbello Way', city: 'Pedricktown', stateCode: 'NJ', postalCode: '08067' },
  { fcName: 'TX1', addressLine1: '3101 Gateway Blvd', city: 'Fort Worth', stateCode: 'TX', postalCode: '76177' },
  { fcName: 'GA4', addressLine1: '6055 S Fulton Pkwy', city: 'Atlanta', stateCode: 'GA', postalCode: '30349' },
  { fcName: 'CA2', addressLine1: '4200 Etiwanda Ave', city: 'Mira Loma', stateCode: 'CA', postalCode: '91752' },
];
const STATUSES = ['CLOSED', 'RECEIVING_IN_PROGRESS', 'IN_TRANSIT', 'AWAITING_DELIVERY'] as const;

export function seedShipments(account: string): InboundShipment[] {
  const r = rng(`walmart/${account}`);
  const count = 2 + Math.floor(r() * 3);
  return Array.from({ length: count }, (_, i) => {
    const fc = FCS[Math.floor(r() * FCS.length)];
    const status = STATUSES[i % STATUSES.length];
    const units = 24 + Math.floor(r() * 400);
    const created = new Date(Date.UTC(2026, 9, 1 + i * 9, 15));
    return inboundShipmentSchema.parse({
      inboundOrderId: `DS-${code(r, '', 8)}`,
      shipmentId: `${String(Math.floor(r() * 1e7)).padStart(7, '0')}GDM`,
      shipToAddress: { ...fc, countryCode: 'US' },
      status,
      createdDate: created.toISOString(),
      shipmentUnits: units,
      receivedUnits: status === 'CLOSED' ? units : status === 'RECEIVING_IN_PROGRESS' ? Math.floor(units / 2) : 0,
      expectedDeliveryDate: new Date(created.getTime() + 7 * 86_400_000).toISOString(),
      trackingNo: [String(Math.floor(r() * 1e12)).padStart(12, '7')],
      carrierName: 'WFS-FEDEX',
    });
  }).reverse();
}

/** The account's shipments as getInboundShipments lists them (inbound-state.ts keeps created ones here too). */
export const inboundShipmentSet = (account: string): RecordSet<InboundShipment> => ({
  provider: 'walmart',
  account,
  kind: 'inbound_shipment',
  schema: inboundShipmentSchema,
  keyOf: (s) => s.shipmentId!,
});

export const inboundShipmentsOf = (deps: Deps, account: string) =>
  recordsOf(deps, inboundShipmentSet(account), () => seedShipments(account));
