/**
 * Customs rules for an international FBM parcel (issue 20 step 8). Values are US dollars, weights
 * pounds (the declaration's units); each rule says which field it is about.
 *
 *  - International: the ship-to country differs from the warehouse's.
 *  - Items: at least one, each with description, HS code, origin, quantity, value and weight (the
 *    schema); a MERCHANDISE line of no value is refused (customs reads it as undervaluation).
 *  - US export filing (15 CFR 30.37(a)): an EEI must be filed in AES when the goods under one
 *    Schedule B (HS) number are worth more than USD 2,500 — the declaration then carries "AES / ITN"
 *    and the ITN AES returned. An exemption citation cannot stand for such a shipment.
 *  - EU low-value consignments (≤ EUR 150): import VAT is collected at the sale under IOSS; a DDP
 *    parcel (the sender pays) must carry the seller's IOSS number, and an IOSS number is refused on
 *    a parcel that is not an EU low-value one.
 *  - CN22 vs CN23 (UPU Convention, art. 20 of the Letter Post Regulations): CN22 up to 300 SDR and a
 *    letter-post item's 2 kg; above either, CN23.
 */
import type { CustomsDeclarationInput, CustomsDocumentType, CustomsProblem, LabelCustoms } from '../schemas/customs.js';
import { AES_ITN } from '../schemas/customs.js';

/** FTR 30.37(a): no EEI when each Schedule B number's value is at most this. */
export const EEI_THRESHOLD_USD = 2500;
/**
 * The UPU's CN22 limit is 300 SDR. The SDR moves daily (IMF); at ~1.33–1.37 USD it is about USD 400.
 * A fixed, slightly low rate keeps the choice stable and errs toward the fuller CN23.
 */
export const CN22_LIMIT_SDR = 300;
export const USD_PER_SDR = 1.33;
/** Letter-post items (those a CN22 may go with) weigh at most 2 kg. */
export const CN22_MAX_WEIGHT_LB = 4.4;
/** EU import VAT on consignments of intrinsic value up to EUR 150 is collected through IOSS. */
export const IOSS_LIMIT_EUR = 150;
/** Indicative: the customs rate of the day decides the duty; this only decides which tax id to ask for. */
export const USD_PER_EUR = 1.08;
/** IOSS numbers: "IM", then 10 digits. */
export const IOSS_NUMBER = /^IM\d{10}$/;
/** AES Internal Transaction Number: "X", the filing date YYYYMMDD and 6 digits. */
export const ITN_FORMAT = /^X\d{14}$/;

/** EU member states (ISO 3166-1 alpha-2) for IOSS. */
export const EU_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]); // prettier-ignore

const cents = (n: number) => Math.round(n * 100) / 100;

export const isInternational = (shipTo: string | null | undefined, warehouse: string) =>
  !!shipTo && shipTo.toUpperCase() !== warehouse.toUpperCase();

export function totals(items: CustomsDeclarationInput['items']) {
  return {
    totalValue: cents(items.reduce((t, i) => t + i.quantity * i.unitValue, 0)),
    totalWeightLb: Math.round(items.reduce((t, i) => t + i.quantity * i.unitWeightLb, 0) * 1000) / 1000,
  };
}

/** Value per Schedule B (HS) number, the unit the EEI rule counts in. */
export function valueByHsCode(items: CustomsDeclarationInput['items']): Map<string, number> {
  const by = new Map<string, number>();
  for (const i of items) by.set(i.hsCode, cents((by.get(i.hsCode) ?? 0) + i.quantity * i.unitValue));
  return by;
}

/** Whether AES must be filed (a US export with a Schedule B number over USD 2,500). */
export function eeiRequired(items: CustomsDeclarationInput['items'], shipFrom: string): boolean {
  return shipFrom === 'US' && [...valueByHsCode(items).values()].some((v) => v > EEI_THRESHOLD_USD);
}

export const isEuLowValue = (items: CustomsDeclarationInput['items'], shipTo: string) =>
  EU_COUNTRIES.has(shipTo) && totals(items).totalValue / USD_PER_EUR <= IOSS_LIMIT_EUR;

/** CN22 for a small letter-post item, CN23 otherwise. */
export function customsDocumentType(items: CustomsDeclarationInput['items']): CustomsDocumentType {
  const { totalValue, totalWeightLb } = totals(items);
  return totalValue <= CN22_LIMIT_SDR * USD_PER_SDR && totalWeightLb <= CN22_MAX_WEIGHT_LB ? 'CN22' : 'CN23';
}

/** What the declaration breaks for this route (empty: a label may carry it). */
export function customsProblems(
  d: CustomsDeclarationInput,
  route: { shipFrom: string; shipTo: string },
): CustomsProblem[] {
  const problems: CustomsProblem[] = [];
  d.items.forEach((item, n) => {
    if (d.purpose === 'MERCHANDISE' && item.unitValue <= 0)
      problems.push({
        field: `items.${n}.unitValue`,
        message: `Item ${n + 1} (${item.description}): merchandise needs its value; declare what the buyer paid`,
      });
  });
  const eei = eeiRequired(d.items, route.shipFrom);
  if (eei && d.exportFiling !== AES_ITN) {
    const [hs, value] = [...valueByHsCode(d.items).entries()].find(([, v]) => v > EEI_THRESHOLD_USD)!;
    problems.push({
      field: 'exportFiling',
      message: `Goods under HS ${hs} are worth USD ${value.toFixed(2)}, over USD ${EEI_THRESHOLD_USD}: file the EEI in AES and declare "AES / ITN" with its ITN`,
    });
  }
  if (d.exportFiling === AES_ITN) {
    if (!d.itn) problems.push({ field: 'itn', message: 'AES / ITN needs the ITN AES returned (X and 14 digits)' });
    else if (!ITN_FORMAT.test(d.itn))
      problems.push({ field: 'itn', message: `${d.itn} is not an ITN: X, the filing date (YYYYMMDD) and 6 digits` });
  } else if (d.itn) problems.push({ field: 'itn', message: 'An ITN goes only with the export filing "AES / ITN"' });
  if ((d.taxIdType === null) !== !d.taxId)
    problems.push({ field: d.taxIdType ? 'taxId' : 'taxIdType', message: 'Give the tax id with its type' });
  const lowValueEu = isEuLowValue(d.items, route.shipTo);
  if (d.taxIdType === 'IOSS') {
    if (!lowValueEu)
      problems.push({
        field: 'taxIdType',
        message: `IOSS covers only parcels to the EU worth up to EUR ${IOSS_LIMIT_EUR}; this one is not`,
      });
    else if (d.taxId && !IOSS_NUMBER.test(d.taxId.toUpperCase()))
      problems.push({ field: 'taxId', message: `${d.taxId} is not an IOSS number: IM and 10 digits` });
  } else if (lowValueEu && d.incoterm === 'DDP')
    problems.push({
      field: 'taxIdType',
      message: `A DDP parcel to the EU worth up to EUR ${IOSS_LIMIT_EUR} needs the seller's IOSS number (VAT paid at sale); or ship it DDU`,
    });
  if (d.taxIdType === 'EIN' && d.taxId && !/^\d{2}-?\d{7}$/.test(d.taxId))
    problems.push({ field: 'taxId', message: `${d.taxId} is not an EIN: 9 digits (12-3456789)` });
  return problems;
}

/**
 * The declaration as a carrier label carries it (provider-neutral), for a route it passes: both the
 * FBM order's saved declaration and the Buy Shipping Labels tool's one-off one go through here.
 */
export function labelCustomsOf(d: CustomsDeclarationInput, route: { shipFrom: string; shipTo: string }): LabelCustoms {
  const sums = totals(d.items);
  return {
    documentType: customsDocumentType(d.items),
    contents: d.purpose,
    incoterm: d.incoterm,
    dutiesPaidBy: d.incoterm === 'DDP' ? 'sender' : 'recipient',
    nonDelivery: d.returnHandling,
    exportFiling: { code: d.exportFiling, itn: d.itn },
    taxIds: d.taxIdType && d.taxId ? [{ type: d.taxIdType, value: d.taxId.toUpperCase() }] : [],
    currency: 'USD',
    shipFromCountry: route.shipFrom.toUpperCase(),
    shipToCountry: route.shipTo.toUpperCase(),
    totalValue: sums.totalValue,
    totalWeightLb: sums.totalWeightLb,
    items: d.items.map((i) => ({
      sku: i.sku,
      description: i.description,
      quantity: i.quantity,
      unitValue: i.unitValue,
      totalValue: cents(i.quantity * i.unitValue),
      unitWeightLb: i.unitWeightLb,
      hsCode: i.hsCode,
      countryOfOrigin: i.countryOfOrigin,
    })),
  };
}
