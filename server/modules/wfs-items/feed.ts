/**
 * The WFS item setup form's answers as Walmart's MP_WFS_ITEM item (feeds.ts writes the MPItem), and
 * Walmart's ingestion errors back on the form's fields: Walmart names its own fields
 * (productIdentifiers, TradeItem.each.eachDepth, lithiumIonBatteries.batteryWattHour…), the form
 * shows each error beside the answer it is about, in Walmart's words.
 */
import {
  batteryAnswerOf,
  wfsItemSections,
  type WfsFieldError,
  type WfsItemSetup,
} from '../../../domain/schemas/wfs-items.js';
import { WALMART_ITEM_CATEGORIES } from '../../../domain/schemas/listings.js';
import type { IngestionError } from '../../integrations/walmart/feeds-models.js';
import type { ItemSetupWithCompliance, WfsCompliance } from '../../integrations/walmart/feeds.js';

/** The compliance part of the answers, by Walmart's names. */
export function complianceOf(
  v: Pick<
    WfsItemSetup,
    | 'hasBatteries'
    | 'batteryTechnologyType'
    | 'ionNumberOfBatteries'
    | 'batteryWattHour'
    | 'ionIncludedBatteryPackaging'
    | 'electronicsIndicator'
    | 'chemicalAerosolPesticide'
    | 'safetyDataSheet'
    | 'numberOfHazardousComponents'
    | 'isPerishable'
    | 'shelfLifeDays'
    | 'countryOfOriginAssembly'
  >,
): WfsCompliance {
  const open = wfsItemSections(v);
  return {
    hasBatteries: v.hasBatteries,
    batteryTechnologyType: batteryAnswerOf(v),
    ...(open.lithiumIon
      ? {
          lithiumIonBatteries: {
            ionNumberOfBatteries: v.ionNumberOfBatteries!,
            batteryWattHour: v.batteryWattHour!,
            ionIncludedBatteryPackaging: v.ionIncludedBatteryPackaging!,
          },
        }
      : {}),
    electronicsIndicator: v.electronicsIndicator,
    chemicalAerosolPesticide: v.chemicalAerosolPesticide,
    ...(open.hazmat && v.safetyDataSheet ? { safetyDataSheet: [v.safetyDataSheet] } : {}),
    ...(open.hazmat && v.numberOfHazardousComponents
      ? { numberOfHazardousComponents: v.numberOfHazardousComponents }
      : {}),
    isPerishable: v.isPerishable,
    ...(open.expiry && v.shelfLifeDays ? { shelfLife: v.shelfLifeDays } : {}),
    ...(v.countryOfOriginAssembly ? { countryOfOriginAssembly: v.countryOfOriginAssembly } : {}),
  };
}

/** The item Walmart is sent for the form's answers. */
export function wfsItemOf(v: WfsItemSetup, mainImageUrl: string | undefined): ItemSetupWithCompliance {
  return {
    sku: v.sku,
    gtin: v.gtin.padStart(14, '0'),
    productName: v.productName,
    brand: v.brand,
    price: v.price,
    shippingWeightLb: v.weightLb,
    category: { name: WALMART_ITEM_CATEGORIES[v.category], subCategory: v.category },
    shortDescription: v.productName,
    ...(mainImageUrl ? { mainImageUrl } : {}),
    each: { depthIn: v.lengthIn, widthIn: v.widthIn, heightIn: v.heightIn, weightLb: v.weightLb },
    compliance: complianceOf(v),
  };
}

/** Walmart's field (its last segment is enough: "TradeItem.each.eachDepth" → eachDepth) → the form's. */
const FORM_FIELDS: Record<string, keyof WfsItemSetup> = {
  sku: 'sku',
  productIdentifiers: 'gtin',
  productId: 'gtin',
  productIdType: 'gtin',
  orderableGTIN: 'gtin',
  productName: 'productName',
  brand: 'brand',
  price: 'price',
  ShippingWeight: 'weightLb',
  eachDepth: 'lengthIn',
  eachWidth: 'widthIn',
  eachHeight: 'heightIn',
  eachWeight: 'weightLb',
  TradeItem: 'lengthIn',
  hasBatteries: 'hasBatteries',
  batteryTechnologyType: 'batteryTechnologyType',
  ionNumberOfBatteries: 'ionNumberOfBatteries',
  batteryWattHour: 'batteryWattHour',
  ionIncludedBatteryPackaging: 'ionIncludedBatteryPackaging',
  electronicsIndicator: 'electronicsIndicator',
  chemicalAerosolPesticide: 'chemicalAerosolPesticide',
  safetyDataSheet: 'safetyDataSheet',
  numberOfHazardousComponents: 'numberOfHazardousComponents',
  shelfLife: 'shelfLifeDays',
  isPerishable: 'isPerishable',
  countryOfOriginAssembly: 'countryOfOriginAssembly',
};

/** The form field an ingestion error is about ("form" when it names none the form has). */
export function formFieldOf(walmartField: string | null | undefined): string {
  if (!walmartField) return 'form';
  const last = walmartField.split('.').at(-1)!;
  return FORM_FIELDS[last] ?? FORM_FIELDS[walmartField.split('.')[0]] ?? 'form';
}

export const fieldErrorsOf = (errors: IngestionError[]): WfsFieldError[] =>
  errors.map((e) => ({
    field: formFieldOf(e.field),
    walmartField: e.field ?? null,
    code: e.code,
    message: e.description ?? e.code,
  }));
