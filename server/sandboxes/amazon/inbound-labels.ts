/**
 * Fulfillment Inbound v0 getLabels in the Amazon sandbox: the shipment's box labels (UNIQUE: the
 * boxes asked for; BARCODE_2D: every box, with its contents in a Data Matrix) or pallet labels, as
 * a real 4×6 PDF behind a download URL that, like Amazon's, is valid for 15 seconds. v0 names a
 * shipment by its confirmation id (FBA…). Thermal page types only: the sandbox has no sheet layouts.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import { findRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { billOfLadingPdf, type BillOfLading } from '../../../printing/bill-of-lading.js';
import { boxContents2d, fbaBoxLabel, fbaPalletLabel, labelsPdf } from '../../../printing/templates/fba.js';
import type { InboundState, SpError, StoredPlan } from './inbound-state.js';

const THERMAL = [
  'PackageLabel_Thermal',
  'PackageLabel_Thermal_Unified',
  'PackageLabel_Thermal_NonPCP',
  'PackageLabel_Thermal_No_Carrier_Rotation',
];
const ALL_PAGE_TYPES = [
  ...THERMAL,
  'PackageLabel_Letter_2',
  'PackageLabel_Letter_4',
  'PackageLabel_Letter_6',
  'PackageLabel_Letter_6_CarrierLeft',
  'PackageLabel_A4_2',
  'PackageLabel_A4_4',
  'PackageLabel_Plain_Paper',
  'PackageLabel_Plain_Paper_CarrierBottom',
];
const URL_VALID_MS = 15_000;

const address = z.object({
  name: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  stateOrProvinceCode: z.string().optional(),
  postalCode: z.string(),
  countryCode: z.string(),
});
const boxLabelData = z.object({
  shipmentConfirmationId: z.string(),
  shipmentName: z.string(),
  from: address,
  to: address,
  boxId: z.string(),
  boxNumber: z.number(),
  boxCount: z.number(),
  contents2d: z.string().optional(),
});
const billOfLadingData = z.object({
  bolNumber: z.string(),
  proNumber: z.string(),
  references: z.array(z.tuple([z.string(), z.string()])),
  carrier: z.string(),
  pickup: z.object({ start: z.string(), end: z.string() }).optional(),
  shipper: address.extend({ phone: z.string().optional(), contact: z.string().optional() }),
  consignee: address,
  pallets: z.array(z.object({ count: z.number(), weightLb: z.number(), stackable: z.boolean() })),
  boxes: z.number(),
  freightClass: z.string(),
  declaredValue: z.object({ amount: z.number(), code: z.string() }).optional(),
  freightCharges: z.string(),
}) satisfies z.ZodType<BillOfLading>;
const storedDocument = z.object({
  expiresAt: z.number(),
  title: z.string(),
  boxes: z.array(z.object({ kind: z.literal('box'), data: boxLabelData })).optional(),
  pallets: z.object({ shipmentConfirmationId: z.string(), to: address, count: z.number() }).optional(),
  billOfLading: billOfLadingData.optional(),
});

const documentSchema = storedDocument.extend({ key: z.string() });
const documents = (seller: string): RecordSet<z.infer<typeof documentSchema>> => ({
  provider: 'amazon',
  account: seller,
  kind: 'document',
  schema: documentSchema,
  keyOf: (d) => d.key,
});

type PlacedShipment = NonNullable<StoredPlan['placement']>['shipments'][number];
const destinationOf = (shipment: PlacedShipment) =>
  address.parse({
    ...shipment.destination.address,
    name: `Amazon.com Services, Inc. ${shipment.destination.warehouseId}`,
  });
/** v0's document links point back at this sandbox (as Amazon's point at its S3), valid 15 seconds. */
const downloadUrl = (c: Context, token: string) =>
  `${new URL(c.req.url).origin}${c.req.path.replace(/\/fba\/inbound\/v0\/.*$/, '')}/documents/${token}.pdf`;

export function labelRoutes(
  app: Hono,
  deps: Deps,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  /** v0 names a shipment by its confirmation id (FBA…); only a shipment of a confirmed placement has one. */
  const confirmedShipment = async (seller: string, confirmationId: string) => {
    const plans = await recordsOf(deps, st.plans(seller), () => []);
    const plan = plans.find((p) => p.placement?.shipments.some((s) => s.shipmentConfirmationId === confirmationId));
    const shipment = plan?.placement?.shipments.find((s) => s.shipmentConfirmationId === confirmationId);
    if (!plan || !shipment || !plan.plan.shipments?.some((s) => s.shipmentId === shipment.shipmentId)) return {};
    return { plan, shipment };
  };

  app.get('/fba/inbound/v0/shipments/:shipmentId/labels', async (c) => {
    const seller = sellerOf(c)!;
    const q = c.req.query();
    if (!q.PageType || !ALL_PAGE_TYPES.includes(q.PageType))
      return spError(c, 400, 'InvalidInput', `PageType: one of ${ALL_PAGE_TYPES.join(', ')}`);
    if (!THERMAL.includes(q.PageType))
      return spError(c, 400, 'InvalidInput', 'PageType: the sandbox prints thermal (4×6) label pages only');
    if (!['UNIQUE', 'BARCODE_2D', 'PALLET'].includes(q.LabelType ?? ''))
      return spError(c, 400, 'InvalidInput', 'LabelType: UNIQUE, BARCODE_2D or PALLET');
    const confirmationId = c.req.param('shipmentId');
    const { plan, shipment } = await confirmedShipment(seller, confirmationId);
    if (!plan || !shipment) return spError(c, 404, 'NotFound', `Shipment ${confirmationId} was not found`);
    const to = destinationOf(shipment);
    const from = address.parse(plan.plan.sourceAddress);
    const boxes = (plan.boxes ?? [])
      .filter((b) => b.boxId?.startsWith(`${confirmationId}U`))
      .sort((a, b) => a.boxId!.localeCompare(b.boxId!));
    const token = randomBytes(16).toString('hex');
    const expiresAt = st.now() + URL_VALID_MS;
    const title = `${confirmationId} ${q.LabelType} labels`;
    if (q.LabelType === 'PALLET') {
      const count = Number(q.NumberOfPallets);
      if (!Number.isInteger(count) || count < 1 || count > 50)
        return spError(c, 400, 'InvalidInput', 'NumberOfPallets: from 1 to 50 for pallet labels');
      await putRecord(deps, documents(seller), {
        key: token,
        expiresAt,
        title,
        pallets: { shipmentConfirmationId: confirmationId, to, count },
      });
    } else {
      const asked =
        q.LabelType === 'UNIQUE'
          ? (q.PackageLabelsToPrint ?? '').split(',').filter(Boolean)
          : boxes.map((b) => b.boxId!);
      if (!asked.length)
        return spError(c, 400, 'InvalidInput', 'PackageLabelsToPrint: the box ids to print (UNIQUE labels)');
      const unknown = asked.find((id) => !boxes.some((b) => b.boxId === id));
      if (unknown)
        return spError(
          c,
          400,
          'InvalidInput',
          `PackageLabelsToPrint: ${unknown} is not a box of shipment ${confirmationId}`,
        );
      const labels = asked.map((id) => {
        const i = boxes.findIndex((b) => b.boxId === id);
        const box = boxes[i];
        return {
          kind: 'box' as const,
          data: {
            shipmentConfirmationId: confirmationId,
            shipmentName: shipment.name ?? plan.plan.name,
            from,
            to,
            boxId: id,
            boxNumber: i + 1,
            boxCount: boxes.length,
            ...(q.LabelType === 'BARCODE_2D'
              ? {
                  contents2d: boxContents2d(
                    confirmationId,
                    (box.items ?? []).map((it) => ({
                      fnsku: it.fnsku ?? it.msku,
                      quantity: it.quantity,
                      expiration: it.expiration,
                    })),
                  ),
                }
              : {}),
          },
        };
      });
      await putRecord(deps, documents(seller), { key: token, expiresAt, title, boxes: labels });
    }
    return c.json({ payload: { DownloadURL: downloadUrl(c, token) } });
  });

  // The partnered LTL carrier's bill of lading, once the shipment's transportation is confirmed.
  app.get('/fba/inbound/v0/shipments/:shipmentId/billOfLading', async (c) => {
    const seller = sellerOf(c)!;
    const confirmationId = c.req.param('shipmentId');
    const { plan, shipment } = await confirmedShipment(seller, confirmationId);
    if (!plan || !shipment) return spError(c, 404, 'NotFound', `Shipment ${confirmationId} was not found`);
    const generated = Object.values(plan.transport ?? {}).flatMap((t) => t.options);
    const option = generated.find((o) => o.transportationOptionId === shipment.selectedTransportationOptionId);
    if (!option || option.shippingMode !== 'FREIGHT_LTL' || option.shippingSolution !== 'AMAZON_PARTNERED_CARRIER')
      return spError(
        c,
        400,
        'InvalidInput',
        `Shipment ${confirmationId} has no bill of lading: Amazon issues one only for partnered LTL shipments once their transportation is confirmed`,
      );
    const config = Object.values(plan.transport ?? {})
      .flatMap((t) => t.configurations)
      .find((x) => x.shipmentId === shipment.shipmentId)!;
    const ltl = shipment.trackingDetails?.ltlTrackingDetail;
    const pounds = (w?: { value: number; unit: string }) => (!w ? 0 : w.unit === 'KG' ? w.value * 2.20462 : w.value);
    const token = randomBytes(16).toString('hex');
    await putRecord(deps, documents(seller), {
      key: token,
      expiresAt: st.now() + URL_VALID_MS,
      title: `${confirmationId} bill of lading`,
      billOfLading: {
        bolNumber: ltl?.billOfLadingNumber ?? confirmationId,
        proNumber: ltl?.freightBillNumber?.[0] ?? '',
        references: [
          ['FBA shipment ID', confirmationId],
          ['Amazon reference ID', shipment.amazonReferenceId ?? ''],
          ['Shipment name', shipment.name ?? plan.plan.name],
        ],
        freightCharges: 'Prepaid (Amazon Partnered Carrier Program)',
        carrier: option.carrier.name ?? option.carrier.alphaCode ?? '',
        ...(option.carrierAppointment
          ? { pickup: { start: option.carrierAppointment.startTime, end: option.carrierAppointment.endTime } }
          : {}),
        shipper: {
          ...address.parse(plan.plan.sourceAddress),
          ...(shipment.contactInformation
            ? { contact: shipment.contactInformation.name, phone: shipment.contactInformation.phoneNumber }
            : {}),
        },
        consignee: destinationOf(shipment),
        pallets: (config.pallets ?? []).map((p) => ({
          count: p.quantity,
          weightLb: pounds(p.weight) * p.quantity,
          stackable: p.stackability !== 'NON_STACKABLE',
        })),
        boxes: (plan.boxes ?? []).filter((b) => b.boxId?.startsWith(`${confirmationId}U`)).length,
        freightClass: config.freightInformation?.freightClass ?? 'FC_100',
        ...(config.freightInformation?.declaredValue ? { declaredValue: config.freightInformation.declaredValue } : {}),
      },
    });
    return c.json({ payload: { DownloadURL: downloadUrl(c, token) } });
  });

  // The download itself: no token, an unguessable URL that expires, as Amazon's (S3) are.
  app.get('/documents/:file', async (c) => {
    const token = /^([0-9a-f]{32})\.pdf$/.exec(c.req.param('file'))?.[1];
    const found = token && (await findRecord(deps, 'amazon', 'document', token, documentSchema));
    if (!found) return c.text('NoSuchKey: The specified key does not exist.', 404);
    if (found.value.expiresAt < st.now()) return c.text('AccessDenied: Request has expired', 403);
    const doc = found.value;
    if (doc.billOfLading)
      return c.body(Buffer.from(await billOfLadingPdf(doc.billOfLading)), 200, { 'content-type': 'application/pdf' });
    const labels = doc.pallets
      ? Array.from({ length: doc.pallets.count }, (_, i) =>
          fbaPalletLabel(doc.pallets!.shipmentConfirmationId, doc.pallets!.to, i + 1, doc.pallets!.count),
        )
      : (doc.boxes ?? []).map((b) => fbaBoxLabel(b.data));
    return c.body(Buffer.from(await labelsPdf(labels, doc.title)), 200, { 'content-type': 'application/pdf' });
  });
}
