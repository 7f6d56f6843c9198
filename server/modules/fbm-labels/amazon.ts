/**
 * Amazon Buy Shipping for an Amazon store's FBM order (issue 20 step 5): the services Amazon's
 * Merchant Fulfillment v0 offers for each package (getEligibleShipmentServices), quoted beside
 * the aggregator's, and the label bought for one (createShipment), stored and paid from the
 * client's label funds through the Buy Shipping Labels tool's own purchaseLabel; a void is
 * Amazon's cancelShipment. The request is the order's: its Amazon order id, the package's items
 * by Amazon order item id, the warehouse as ship-from, the box's size and weight.
 *
 * International services need additional seller inputs (getAdditionalSellerInputs): Dockside
 * fills what it knows — the customs declaration's contents type, each item's HS code and country of
 * origin, the ship-from's phone, the exporter's tax id — and the user gives the rest; a purchase
 * missing a required one is refused in words (412) before Amazon is asked, and the inputs go to
 * createShipment (ShipmentLevelSellerInputsList; each item's ItemLevelSellerInputsList).
 */
import { and, eq, sql } from 'drizzle-orm';
import { isAmazon } from '../../../domain/schemas/stores.js';
import type { LabelCustoms } from '../../../domain/schemas/customs.js';
import type { SellerInput, SellerInputs } from '../../../domain/schemas/fbm-labels.js';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import { fbmOrderLabels, marketplaceOrderLines, marketplaceOrders, stores } from '../../db/schema/index.js';
import { ApiError, businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { labelDocument } from '../../integrations/amazon/merchant-fulfillment.js';
import type {
  AdditionalInputs,
  AdditionalSellerInputs,
  MfnShipment,
  ShipmentRequestDetails,
  ShippingService,
} from '../../integrations/amazon/mfn-models.js';
import { customsForLabel } from '../customs/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { apiErrorOf } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { registerLabelVoider, type BoughtLabel, type LabelSeller } from '../shipping/labels.js';
import type { OrderShipment } from './rates.js';

/** Leaves the warehouse's country (rates.ts says the same; kept here so the modules do not import each other). */
const isInternationalShipment = (s: OrderShipment) =>
  s.shipTo.countryCode.toUpperCase() !== s.shipFrom.countryCode.toUpperCase();

/** An Amazon package rate id: the provider's prefix and Amazon's ShippingServiceId. */
export const AMAZON_RATE_PREFIX = 'amazon:';
export const isAmazonRate = (rateId: string) => rateId.startsWith(AMAZON_RATE_PREFIX);
export const amazonServiceId = (rateId: string) => rateId.slice(AMAZON_RATE_PREFIX.length);

/** The order's Amazon store, or null when the order is another marketplace's. */
export async function amazonStoreOf(deps: Deps, order: { storeId: number }): Promise<StoreRecord | null> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, order.storeId));
  return store && isAmazon(store.marketplace) ? store : null;
}

/** The package's items by Amazon order item id: its box's, or (the default box) the whole order's. */
async function itemsOf(deps: Deps, orderId: number, packageNumber: number) {
  const rows = await selectRows<{ line_id: string; quantity: number }>(
    deps.db,
    sql`select l.line_id, sum(bi.quantity)::int as quantity from fbm_box_items bi
          join fbm_boxes b on b.id = bi.box_id
          join marketplace_order_lines l on l.id = bi.order_line_id
        where b.order_id = ${orderId} and b.number = ${packageNumber}
        group by l.line_id`,
  );
  if (rows.length) return rows.map((r) => ({ OrderItemId: r.line_id, Quantity: Number(r.quantity) }));
  const lines = await selectRows<{ line_id: string; quantity: number }>(
    deps.db,
    sql`select line_id, (quantity_ordered - quantity_shipped)::int as quantity from marketplace_order_lines
        where order_id = ${orderId} and quantity_ordered > quantity_shipped`,
  );
  return lines.map((r) => ({ OrderItemId: r.line_id, Quantity: Number(r.quantity) }));
}

export async function requestDetails(
  deps: Deps,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  format: LabelFormat = 'pdf',
): Promise<ShipmentRequestDetails> {
  const a = s.shipFrom;
  return {
    AmazonOrderId: s.order.marketplaceOrderId,
    ItemList: await itemsOf(deps, s.order.id, pkg.number),
    ShipFromAddress: {
      Name: a.name.slice(0, 30),
      AddressLine1: a.line1,
      ...(a.line2 ? { AddressLine2: a.line2.slice(0, 60) } : {}),
      Email: '',
      City: a.city.slice(0, 30),
      StateOrProvinceCode: a.state,
      PostalCode: a.postalCode,
      CountryCode: a.countryCode,
      Phone: a.phone ?? '',
    },
    PackageDimensions: {
      Length: pkg.parcel.lengthIn,
      Width: pkg.parcel.widthIn,
      Height: pkg.parcel.heightIn,
      Unit: 'inches',
    },
    Weight: { Value: Math.round(pkg.parcel.weightLb * 16 * 100) / 100, Unit: 'oz' },
    ShippingServiceOptions: {
      DeliveryExperience: 'DeliveryConfirmationWithoutSignature',
      CarrierWillPickUp: false,
      LabelFormat: format === 'zpl' ? 'ZPL203' : 'PDF',
    },
  };
}

const DAY = 86_400_000;
/** Business-agnostic days from the ship date to the latest promised delivery. */
export const deliveryDaysOf = (svc: ShippingService): number | null => {
  const until = svc.LatestEstimatedDeliveryDate ?? svc.EarliestEstimatedDeliveryDate;
  if (!until) return null;
  return Math.max(1, Math.ceil((Date.parse(until) - Date.parse(svc.ShipDate)) / DAY));
};

const failureOf = (err: unknown) => (err instanceof ProviderFailure ? apiErrorOf(err) : err);

/** Amazon's eligible services for each package of the order (one answer per package). */
export async function amazonOffers(deps: Deps, store: StoreRecord, s: OrderShipment) {
  const client = await amazonClientFor(deps, store);
  const answers = [];
  try {
    for (const p of s.packages)
      answers.push(
        await client.merchantFulfillment.getEligibleShipmentServices({
          ShipmentRequestDetails: await requestDetails(deps, s, p),
        }),
      );
  } catch (err) {
    throw failureOf(err);
  }
  return answers;
}

// ---- additional seller inputs (international services) ----

/** Amazon's contents types for the declaration's purposes; the others have none and are asked for. */
const CONTENTS_TYPE: Partial<Record<LabelCustoms['contents'], string>> = {
  MERCHANDISE: 'MERCHANDISE',
  GIFT: 'GIFT',
  SAMPLE: 'SAMPLE',
  DOCUMENTS: 'DOCUMENTS',
  RETURN_MERCHANDISE: 'RETURN',
};

type Known = { value: string | null; source: SellerInput['source'] };
const none: Known = { value: null, source: null };

/**
 * What Dockside knows for an input, by Amazon's field name: Amazon names its inputs per service
 * and country, so the name is read for what it asks (an HS code, an origin, …).
 */
function knownValue(
  name: string,
  s: OrderShipment,
  customs: LabelCustoms | null,
  item: LabelCustoms['items'][number] | null,
): Known {
  const n = name.toUpperCase();
  if (n === 'CUSTOMS_CONTENTS_TYPE' || n.includes('CONTENTS_TYPE'))
    return customs && CONTENTS_TYPE[customs.contents]
      ? { value: CONTENTS_TYPE[customs.contents]!, source: 'customs' }
      : none;
  if (/COUNTRY_OF_(MANUFACTURE|ORIGIN)/.test(n))
    return item ? { value: item.countryOfOrigin, source: 'customs' } : none;
  if (/HARMONIZED|TARIFF|HS_CODE/.test(n)) return item ? { value: item.hsCode, source: 'customs' } : none;
  if (n.includes('DESCRIPTION')) return item ? { value: item.description, source: 'customs' } : none;
  if (n.includes('PHONE')) return s.shipFrom.phone ? { value: s.shipFrom.phone, source: 'shipFrom' } : none;
  if (n.includes('TAX_ID')) return customs?.taxIds[0] ? { value: customs.taxIds[0].value, source: 'customs' } : none;
  return none;
}

/** Why a value does not satisfy Amazon's definition (missing, not an option, not matching), or null. */
function problemOf(def: NonNullable<AdditionalInputs['SellerInputDefinition']>, value: string | null): string | null {
  if (value === null || value === '') return def.IsRequired ? 'required for this shipping service' : null;
  if (def.RestrictedSetValues?.length && !def.RestrictedSetValues.includes(value))
    return `must be one of ${def.RestrictedSetValues.join(', ')}`;
  const rule = def.Constraints.find((c) => c.ValidationRegEx && !new RegExp(c.ValidationRegEx).test(value));
  return rule ? rule.ValidationString : null;
}

/**
 * An Amazon service's additional seller inputs for the order: each with Dockside's value (from the
 * customs declaration and the ship-from) or the user's (`given`, which wins), and what is wrong.
 * Empty for a domestic shipment (nothing is asked of Amazon).
 */
export async function amazonSellerInputs(
  deps: Deps,
  ctx: RequestContext,
  store: StoreRecord,
  s: OrderShipment,
  shippingServiceId: string,
  given: Record<string, string> = {},
): Promise<SellerInputs> {
  const answer: SellerInputs = { orderId: s.order.id, shippingServiceId, inputs: [] };
  if (!isInternationalShipment(s)) return answer;
  const client = await amazonClientFor(deps, store);
  const details = await requestDetails(deps, s, s.packages[0]);
  let fields;
  try {
    fields = await client.merchantFulfillment.getAdditionalSellerInputs({
      ShippingServiceId: shippingServiceId,
      ShipFromAddress: details.ShipFromAddress,
      OrderId: s.order.marketplaceOrderId,
    });
  } catch (err) {
    throw failureOf(err);
  }
  const customs = await customsForLabel(deps, ctx, s.order.id);
  const lines = await deps.db
    .select({ lineId: marketplaceOrderLines.lineId, asin: marketplaceOrderLines.asin, sku: marketplaceOrderLines.sku })
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, s.order.id));
  const push = (
    f: AdditionalInputs,
    level: SellerInput['level'],
    line: { lineId: string; sku: string | null } | null,
  ) => {
    const def = f.SellerInputDefinition;
    const name = f.AdditionalInputFieldName;
    if (!def || !name) return;
    const key = line ? `${line.lineId}:${name}` : name;
    const item = line ? (customs?.items.find((i) => i.sku && i.sku === line.sku) ?? null) : null;
    const known = knownValue(name, s, customs, item);
    const mine = given[key]?.trim();
    const value = mine ? mine : known.value;
    answer.inputs.push({
      key,
      level,
      orderItemId: line?.lineId ?? null,
      sku: line?.sku ?? null,
      name,
      label: def.InputDisplayText,
      required: def.IsRequired,
      options: def.RestrictedSetValues?.length ? def.RestrictedSetValues : null,
      pattern: def.Constraints.find((c) => c.ValidationRegEx)?.ValidationRegEx ?? null,
      value: value ?? null,
      source: mine ? null : known.source,
      problem: problemOf(def, value ?? null),
    });
  };
  for (const f of fields.ShipmentLevelFields ?? []) push(f, 'shipment', null);
  for (const group of fields.ItemLevelFieldsList ?? [])
    for (const line of lines.filter((l) => l.asin === group.Asin))
      for (const f of group.AdditionalInputs) push(f, 'item', line);
  return answer;
}

/**
 * An order's purchase refused (412) because its Amazon service asks for additional seller inputs
 * that are missing or wrong: said in words, and kept as data so a bulk run can show the order's
 * inputs box (its rate and what to give).
 */
export class SellerInputsMissing extends ApiError {
  constructor(
    readonly rateId: string,
    readonly inputs: SellerInput[],
    marketplaceOrderId: string,
  ) {
    super(412, [
      `Amazon Buy Shipping needs more for order ${marketplaceOrderId}: ${inputs
        .map((i) => `${i.label} (${i.name}${i.sku ? `, item ${i.sku}` : ''}): ${i.problem}`)
        .join('; ')} — give them with the purchase (sellerInputs)`,
    ]);
  }
}

/** The inputs as createShipment takes them; refused in words (412) while one is missing or wrong. */
function sellerInputLists(s: OrderShipment, rateId: string, inputs: SellerInputs) {
  const wrong = inputs.inputs.filter((i) => i.problem);
  if (wrong.length) throw new SellerInputsMissing(rateId, wrong, s.order.marketplaceOrderId);
  const entry = (i: SellerInput): AdditionalSellerInputs => ({
    AdditionalInputFieldName: i.name,
    AdditionalSellerInput: { DataType: 'STRING', ValueAsString: i.value! },
  });
  const given = inputs.inputs.filter((i) => i.value);
  return {
    shipment: given.filter((i) => i.level === 'shipment').map(entry),
    items: (orderItemId: string) => given.filter((i) => i.orderItemId === orderItemId).map(entry),
  };
}

const boughtOf = (shipment: MfnShipment): BoughtLabel => {
  const svc = shipment.ShippingService;
  return {
    providerLabelId: shipment.ShipmentId,
    carrier: svc.CarrierName,
    service: svc.ShippingServiceName,
    trackingNumber: shipment.TrackingId ?? null,
    document: labelDocument(shipment.Label).bytes.toString('base64'),
    costCents: Math.round(svc.Rate.Amount * 100),
  };
};

/** The label seller for one package bought through Amazon Buy Shipping. */
export function amazonSeller(
  deps: Deps,
  store: StoreRecord,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  rateId: string,
  format: LabelFormat,
  /** The caller and the inputs the user gave: an international service's additional inputs are sent. */
  inputs?: { ctx: RequestContext; given?: Record<string, string> },
): LabelSeller {
  return {
    provider: 'amazon',
    async buy(sold) {
      const serviceId = amazonServiceId(rateId);
      // Asked (and refused while incomplete) before anything is bought.
      const lists =
        inputs && isInternationalShipment(s)
          ? sellerInputLists(s, rateId, await amazonSellerInputs(deps, inputs.ctx, store, s, serviceId, inputs.given))
          : null;
      const details = await requestDetails(deps, s, pkg, format);
      const client = await amazonClientFor(deps, store);
      try {
        const shipment = await client.merchantFulfillment.createShipment({
          ShipmentRequestDetails: lists
            ? {
                ...details,
                ItemList: details.ItemList.map((i) => {
                  const list = lists.items(i.OrderItemId);
                  return list.length ? { ...i, ItemLevelSellerInputsList: list } : i;
                }),
              }
            : details,
          ShippingServiceId: serviceId,
          ...(lists?.shipment.length ? { ShipmentLevelSellerInputsList: lists.shipment } : {}),
        });
        // Kept at once: a crash from here on is healed by getShipment, never a second purchase.
        await sold(shipment.ShipmentId);
        return boughtOf(shipment);
      } catch (err) {
        throw failureOf(err);
      }
    },
    async recover(shipmentId) {
      const client = await amazonClientFor(deps, store);
      try {
        const shipment = await client.merchantFulfillment.getShipment(shipmentId);
        return shipment.Status === 'Purchased' ? boughtOf(shipment) : null;
      } catch (err) {
        throw failureOf(err);
      }
    },
    async cancel(shipmentId) {
      const client = await amazonClientFor(deps, store);
      await client.merchantFulfillment.cancelShipment(shipmentId);
    },
  };
}

/** Amazon's void: cancelShipment for the label's order's store (the refund follows at Amazon). */
registerLabelVoider('amazon', async (deps, ctx, row) => {
  const [link] = await deps.db
    .select({ storeId: marketplaceOrders.storeId })
    .from(fbmOrderLabels)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, fbmOrderLabels.orderId))
    .where(and(eq(fbmOrderLabels.tenantId, ctx.tenantId), eq(fbmOrderLabels.requestKey, row.requestKey)));
  const store = link ? await amazonStoreOf(deps, link) : null;
  if (!store) throw businessRule('The Amazon store this label was bought through is gone: cancel it at Amazon');
  const client = await amazonClientFor(deps, store);
  try {
    const shipment = await client.merchantFulfillment.cancelShipment(row.providerLabelId!);
    return { approved: shipment.Status !== 'Purchased', message: `Amazon answered ${shipment.Status}` };
  } catch (err) {
    if (err instanceof ProviderFailure && err.kind === 'refused')
      return { approved: false, message: err.messages.join('; ') };
    throw err;
  }
});
