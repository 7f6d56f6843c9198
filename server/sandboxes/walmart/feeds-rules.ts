/**
 * What the Walmart sandbox checks in an item feed, and how it says so. Walmart accepts the file at
 * once and reports later: a file it cannot read at all (not JSON, no header, a header of another
 * feed type, no items) fails the feed as a whole (feedStatus ERROR, feed-level ingestionErrors);
 * otherwise each item is checked on its own and fails with DATA_ERROR and its ingestion errors,
 * while the others are set up.
 *
 * Codes: Walmart publishes the ingestion error's shape (type, code, description) but no list of
 * codes. ERR_EXT_DATA_0101211 ("This SKU is already set up with a different Product ID.") is the
 * code sellers report Walmart giving; the other numbers are the sandbox's own, in Walmart's
 * ERR_EXT_DATA_ form. The descriptions name the field and what to send.
 */
import { gtinCheckDigitOk } from '../../../domain/rules/gs1.js';
import { BATTERY_TECHNOLOGY_TYPES, YES_NO } from '../../../domain/schemas/wfs-items.js';
import {
  ITEM_FEED_HEADERS,
  itemFeedSchema,
  PRODUCT_ID_TYPES,
  type ItemFeed,
  type ItemFeedType,
  type MpItem,
} from '../../integrations/walmart/feeds-models.js';

/** Walmart: up to 10,000 items a feed. */
export const MAX_FEED_ITEMS = 10_000;
/** Walmart's limits on the fields it checks here. */
const MAX_SKU = 50;
const MAX_NAME = 200;

/** An ingestion error as the sandbox writes it: always with the field and a description. */
export interface FeedError {
  type: 'DATA_ERROR';
  code: string;
  field: string;
  description: string;
}

const dataError = (code: string, field: string, description: string): FeedError => ({
  type: 'DATA_ERROR',
  code: `ERR_EXT_DATA_${code}`,
  field,
  description,
});

/** The feed file as a whole: its items, or why Walmart cannot process it. */
export function readFeedFile(
  text: string,
  feedType: ItemFeedType,
): { feed: ItemFeed; errors: [] } | { feed: null; errors: FeedError[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { feed: null, errors: [dataError('0500001', 'file', 'The feed file is not valid JSON.')] };
  }
  const parsed = itemFeedSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0].path.join('.') || 'file';
    return {
      feed: null,
      errors: [
        dataError('0500002', where, `The feed file does not follow the item spec: ${where} is missing or malformed.`),
      ],
    };
  }
  const { MPItemFeedHeader: header, MPItem: items } = parsed.data;
  const expected = ITEM_FEED_HEADERS[feedType];
  const errors: FeedError[] = [];
  if (header.sellingChannel !== expected.sellingChannel)
    errors.push(
      dataError(
        '0500003',
        'MPItemFeedHeader.sellingChannel',
        `sellingChannel ${header.sellingChannel} does not match feedType ${feedType}; use ${expected.sellingChannel}.`,
      ),
    );
  if (!header.subCategory?.trim())
    errors.push(
      dataError(
        '0500004',
        'MPItemFeedHeader.subCategory',
        'subCategory is required: name the product category of the items.',
      ),
    );
  if (!items.length) errors.push(dataError('0500005', 'MPItem', 'MPItem must hold at least one item.'));
  if (items.length > MAX_FEED_ITEMS)
    errors.push(dataError('0500006', 'MPItem', `A feed holds at most ${MAX_FEED_ITEMS.toLocaleString('en')} items.`));
  return errors.length ? { feed: null, errors } : { feed: parsed.data, errors: [] };
}

/** Digits a product id of each type has. */
const ID_LENGTHS: Record<string, number[]> = { GTIN: [14], UPC: [12], EAN: [13], ISBN: [10, 13] };

function productIdErrors(item: MpItem): FeedError[] {
  const ids = item.Orderable?.productIdentifiers;
  if (!ids?.productId?.trim())
    return [
      dataError(
        '0101002',
        'productIdentifiers',
        'productIdentifiers is required: give the productIdType (GTIN, UPC, EAN or ISBN) and the productId.',
      ),
    ];
  const { productIdType: type, productId: id } = ids;
  if (!(PRODUCT_ID_TYPES as readonly string[]).includes(type))
    return [dataError('0101003', 'productIdType', `productIdType ${type} is not one of GTIN, UPC, EAN or ISBN.`)];
  if (!/^\d+$/.test(id) || !ID_LENGTHS[type].includes(id.length))
    return [
      dataError(
        '0101004',
        'productId',
        `productId ${id} is not a valid ${type}: a ${type} has ${ID_LENGTHS[type].join(' or ')} digits.`,
      ),
    ];
  if (type !== 'ISBN' && !gtinCheckDigitOk(id))
    return [
      dataError(
        '0101005',
        'productId',
        `productId ${id} is not a valid ${type}: its check digit is wrong. Check the barcode number.`,
      ),
    ];
  return [];
}

const DIMENSIONS = ['Depth', 'Width', 'Height', 'Weight'] as const;
const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The first of each, innerPack, case or pallet given whole: dimensions and weight above 0. */
function tradeItemErrors(item: MpItem): FeedError[] {
  const t = item.TradeItem;
  const missing = dataError(
    '0102001',
    'TradeItem',
    'TradeItem is required for a Walmart Fulfilled item: give the depth, width, height (inches) and weight (pounds) of each, innerPack, case or pallet.',
  );
  if (!t) return [missing];
  const levels = (['each', 'innerPack', 'case', 'pallet'] as const).filter((l) => t[l]);
  if (!levels.length) return [missing];
  const missingOf = (level: (typeof levels)[number]) =>
    DIMENSIONS.filter((d) => !positive((t[level] as Record<string, unknown>)[`${level}${d}`]));
  // One whole level is enough; when none is, the first one given says what it lacks.
  if (!levels.some((level) => missingOf(level).length === 0))
    return missingOf(levels[0]).map((d) =>
      dataError(
        '0102002',
        `TradeItem.${levels[0]}.${levels[0]}${d}`,
        `${levels[0]}${d} is required and must be greater than 0.`,
      ),
    );
  const gtin = item.Orderable?.productIdentifiers?.productId;
  if (t.orderableGTIN && gtin && t.orderableGTIN.padStart(14, '0') !== gtin.padStart(14, '0'))
    return [
      dataError(
        '0102003',
        'TradeItem.orderableGTIN',
        `orderableGTIN ${t.orderableGTIN} does not match the item's productId ${gtin}.`,
      ),
    ];
  return [];
}

/**
 * WFS compliance: Walmart's WFS item spec requires the battery, electronics and chemical answers of
 * every item it fulfils (its hazmat review reads them), and a perishable item's shelf life.
 */
function complianceErrors(item: MpItem): FeedError[] {
  const o = (item.Orderable ?? {}) as Record<string, unknown>;
  const errors: FeedError[] = [];
  const oneOf = (field: string, values: readonly string[], said: string) => {
    const v = o[field];
    if (typeof v !== 'string' || !v.trim())
      errors.push(dataError('0102010', field, `${field} is required for a Walmart Fulfilled item: ${said}.`));
    else if (!values.includes(v))
      errors.push(dataError('0102011', field, `${field} "${v}" is not one of Walmart's values: ${said}.`));
  };
  oneOf(
    'batteryTechnologyType',
    BATTERY_TECHNOLOGY_TYPES,
    'give the type of battery the item contains, or "Does Not Contain a Battery"',
  );
  oneOf('electronicsIndicator', YES_NO, 'answer Yes or No: does the item contain electronic components');
  oneOf('chemicalAerosolPesticide', YES_NO, 'answer Yes or No: is the item a chemical, aerosol or pesticide');
  if (o.batteryTechnologyType === 'Lithium Ion') {
    const ion = (o.lithiumIonBatteries ?? {}) as Record<string, unknown>;
    for (const f of ['ionNumberOfBatteries', 'batteryWattHour'] as const)
      if (!positive(ion[f]))
        errors.push(
          dataError(
            '0102013',
            `lithiumIonBatteries.${f}`,
            `lithiumIonBatteries.${f} is required for an item with lithium-ion batteries and must be greater than 0.`,
          ),
        );
  }
  if (o.chemicalAerosolPesticide === 'Yes' && !(Array.isArray(o.safetyDataSheet) && o.safetyDataSheet.length))
    errors.push(
      dataError(
        '0102014',
        'safetyDataSheet',
        'safetyDataSheet is required for a chemical, aerosol or pesticide: give the link to its safety data sheet.',
      ),
    );
  if (o.isPerishable === 'Yes' && !positive(o.shelfLife))
    errors.push(
      dataError('0102012', 'shelfLife', 'shelfLife is required for a perishable item: give its shelf life in days.'),
    );
  return errors;
}

export interface ItemCheck {
  feedType: ItemFeedType;
  /** SKUs earlier in the same feed. */
  seen: Set<string>;
  /** The seller's catalogue: each SKU's product id (GTIN-14). */
  catalogue: Map<string, string>;
}

/** One item's ingestion errors (none: Walmart sets it up). */
export function itemErrors(item: MpItem, check: ItemCheck): FeedError[] {
  const o = item.Orderable;
  if (!o)
    return [
      dataError('0101000', 'Orderable', 'Orderable is required: give the SKU, product id, name, brand and price.'),
    ];
  const errors: FeedError[] = [];
  const sku = o.sku?.trim() ?? '';
  if (!sku) errors.push(dataError('0101001', 'sku', 'sku is required: give the seller SKU of the item.'));
  else if (sku.length > MAX_SKU) errors.push(dataError('0101006', 'sku', `sku must be at most ${MAX_SKU} characters.`));
  else if (check.seen.has(sku))
    errors.push(dataError('0101007', 'sku', `sku ${sku} appears more than once in the feed.`));
  errors.push(...productIdErrors(item));
  if (!o.productName?.trim())
    errors.push(dataError('0101008', 'productName', 'productName is required: give the item’s name as buyers see it.'));
  else if (o.productName.length > MAX_NAME)
    errors.push(dataError('0101009', 'productName', `productName must be at most ${MAX_NAME} characters.`));
  if (!o.brand?.trim()) errors.push(dataError('0101010', 'brand', 'brand is required: give the item’s brand name.'));
  if (!positive(o.price))
    errors.push(dataError('0101011', 'price', 'price is required and must be greater than 0 (US dollars).'));
  const categories = Object.keys(item.Visible ?? {});
  if (categories.length !== 1)
    errors.push(
      dataError(
        '0101012',
        'Visible',
        'Visible must name the item’s product category once, e.g. "Home Decor, Kitchen, & Other".',
      ),
    );
  if (check.feedType === 'MP_ITEM' && !positive(o.ShippingWeight))
    errors.push(
      dataError(
        '0101013',
        'ShippingWeight',
        'ShippingWeight is required and must be greater than 0: give the item’s shipping weight in pounds.',
      ),
    );
  if (check.feedType === 'MP_WFS_ITEM') {
    errors.push(...tradeItemErrors(item));
    errors.push(...complianceErrors(item));
    if (!o.stateRestrictions?.length)
      errors.push(
        dataError(
          '0102004',
          'stateRestrictions',
          'stateRestrictions is required for a Walmart Fulfilled item; use None when the item may be sold everywhere.',
        ),
      );
  }
  const id = o.productIdentifiers?.productId;
  const bound = sku ? check.catalogue.get(sku) : undefined;
  if (bound && id && /^\d+$/.test(id) && bound !== id.padStart(14, '0'))
    errors.push(dataError('0101211', 'sku', 'This SKU is already set up with a different Product ID.'));
  if (sku) check.seen.add(sku);
  return errors;
}
