/**
 * What the Amazon sandbox's reports say, from what the seller already has in the sandbox, so a
 * report agrees with the other APIs: Manage FBA Inventory (MYI) from the FBA inventory that
 * getInventorySummaries reads, All Listings from the Listings Items records, returns from the
 * orders searchOrders reads (reports-returns.ts), removals from the seller's removal orders
 * (reports-removals.ts). Each builder answers the report's lines by Amazon's column names; the
 * document is written tab-delimited in Amazon's column order.
 */
import type { Deps } from '../../context.js';
import { REPORT_COLUMNS, type FlatFileReportType, type ReportRow } from '../../integrations/amazon/reports-models.js';
import { code, rng } from '../random.js';
import { catalogueOf } from './catalog-data.js';
import { listingsOf } from './listings.js';
import { fbaInventoryOf } from './state.js';

/** What a report covers: the marketplaces asked for and the data window (epoch ms). */
export interface ReportScope {
  seller: string;
  marketplaceIds: string[];
  from: number;
  to: number;
  /** When the report is made (the sandbox clock): nothing after it is known. */
  at: number;
}

/** Amazon's FBA reports write times as ISO 8601 with an explicit offset. */
export const isoOffset = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, '+00:00');
export const isoDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A cell may not hold the delimiters. */
const cell = (v: string) => v.replace(/[\t\r\n]+/g, ' ');

/** The document: the header line, then each line in Amazon's column order. */
export function flatFile<T extends FlatFileReportType>(type: T, rows: ReportRow<T>[]): string {
  const columns = REPORT_COLUMNS[type] as readonly (keyof ReportRow<T>)[];
  return [columns.join('\t'), ...rows.map((r) => columns.map((c) => cell(r[c])).join('\t'))].join('\n') + '\n';
}

const cubicFeet = (asin: string, name: string, marketplaceId: string) => {
  const pkg = catalogueOf(asin, name, 'Harbor Home', marketplaceId).dimensions?.[0]?.package;
  const inches = [pkg?.length?.value, pkg?.width?.value, pkg?.height?.value].map((v) => v ?? 0);
  return (inches.reduce((t, v) => t * v, 1) / 1728).toFixed(2);
};

/** Manage FBA Inventory, unsuppressed: every FBA SKU, quantities as getInventorySummaries has them. */
export async function myiRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA'>[]> {
  // Like Amazon's inventory reports, one marketplace per report: the first one asked for.
  const [mp] = scope.marketplaceIds;
  const [inventory, listings] = await Promise.all([
    fbaInventoryOf(deps, scope.seller, mp),
    listingsOf(deps, scope.seller, mp),
  ]);
  return inventory.map((s) => {
    const d = s.inventoryDetails ?? {};
    const fulfillable = d.fulfillableQuantity ?? 0;
    const unsellable = d.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0;
    const reserved = d.reservedQuantity?.totalReservedQuantity ?? 0;
    const working = d.inboundWorkingQuantity ?? 0;
    const shipped = d.inboundShippedQuantity ?? 0;
    const receiving = d.inboundReceivingQuantity ?? 0;
    const warehouse = fulfillable + unsellable + reserved;
    const listing = listings.find((l) => l.sku === s.sellerSku);
    return {
      sku: s.sellerSku ?? '',
      fnsku: s.fnSku ?? '',
      asin: s.asin ?? '',
      'product-name': s.productName ?? '',
      condition: 'New',
      'your-price': listing?.offers?.[0]?.price.amount ?? '',
      'mfn-listing-exists': 'No',
      'mfn-fulfillable-quantity': '',
      'afn-listing-exists': 'Yes',
      'afn-warehouse-quantity': String(warehouse),
      'afn-fulfillable-quantity': String(fulfillable),
      'afn-unsellable-quantity': String(unsellable),
      'afn-reserved-quantity': String(reserved),
      'afn-total-quantity': String(warehouse + working + shipped + receiving),
      'per-unit-volume': cubicFeet(s.asin ?? '', s.productName ?? '', mp),
      'afn-inbound-working-quantity': String(working),
      'afn-inbound-shipped-quantity': String(shipped),
      'afn-inbound-receiving-quantity': String(receiving),
      'afn-researching-quantity': '0',
      'afn-reserved-future-supply': '0',
      'afn-future-supply-buyable': '0',
    };
  });
}

/** Seller Central's "2026-08-03 01:00:00 PDT": Pacific time, as the North American reports write it. */
const pacific = (t: number) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
};

/** All Listings: every listing of the marketplace, active or not, as the Listings Items API has it. */
export async function listingRows(
  deps: Deps,
  scope: ReportScope,
): Promise<ReportRow<'GET_MERCHANT_LISTINGS_ALL_DATA'>[]> {
  const [mp] = scope.marketplaceIds;
  return (await listingsOf(deps, scope.seller, mp)).map((l) => {
    const s = l.summaries?.[0];
    const availability = l.fulfillmentAvailability?.[0];
    const fba = availability?.fulfillmentChannelCode === 'AMAZON_NA';
    const created = Date.parse(s?.createdDate ?? '') || scope.at;
    const blocked = (l.issues ?? []).some((i) => i.severity === 'ERROR');
    return {
      'item-name': s?.itemName ?? '',
      'item-description': '',
      // Amazon's listing ids: the month and day listed, then capitals and digits.
      'listing-id': code(
        rng(`listing-id/${scope.seller}/${l.sku}`),
        pacific(created).slice(5, 10).replace('-', ''),
        11,
      ),
      'seller-sku': l.sku,
      price: l.offers?.[0]?.price.amount ?? '',
      // FBA listings leave quantity to Amazon's stock (the MYI report has it).
      quantity: fba ? '' : String(availability?.quantity ?? 0),
      'open-date': pacific(created),
      'image-url': '',
      'item-is-marketplace': 'y',
      // 1: the product is named by its ASIN.
      'product-id-type': '1',
      'zshop-shipping-fee': '',
      'item-note': '',
      // 11: New.
      'item-condition': '11',
      'zshop-category1': '',
      'zshop-browse-path': '',
      'zshop-storefront-feature': '',
      asin1: s?.asin ?? '',
      asin2: '',
      asin3: '',
      'will-ship-internationally': '',
      'expedited-shipping': '',
      'zshop-boldface': '',
      'product-id': s?.asin ?? '',
      'bid-for-featured-placement': '',
      'add-delete': '',
      'pending-quantity': '0',
      'fulfillment-channel': fba ? 'AMAZON_NA' : 'DEFAULT',
      'merchant-shipping-group': fba ? '' : 'Migrated Template',
      status: blocked ? 'Incomplete' : s?.status?.includes('BUYABLE') ? 'Active' : 'Inactive',
    };
  });
}
