/**
 * Amazon's catalogue in the sandbox, deterministic from the ASIN: identifiers (a UPC with a valid
 * check digit), item and package dimensions, an image, a sales rank — and the fees Amazon charges
 * at a price: a 15% referral fee (at least $0.30) and, for FBA, the fulfilment fee of the package's
 * size tier (2026 US rates, simplified to four tiers).
 */
import type { CatalogItem } from '../../integrations/amazon/catalog-models.js';
import { rng } from '../random.js';

/** A 12-digit UPC-A for the ASIN, check digit included. */
export function upcFor(asin: string): string {
  const r = rng(`upc/${asin}`);
  const body = '8' + Array.from({ length: 10 }, () => Math.floor(r() * 10)).join('');
  const sum = [...body].reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function catalogueOf(asin: string, itemName: string, brand: string, marketplaceId: string): CatalogItem {
  const r = rng(`catalog/${asin}`);
  const [l, w, h] = [4 + r() * 14, 3 + r() * 10, 0.5 + r() * 7].map(round2).sort((a, b) => b - a);
  const weight = round2(0.2 + r() * 6);
  const dims = (pad: number, extra: number) => ({
    length: { unit: 'inches', value: round2(l + pad) },
    width: { unit: 'inches', value: round2(w + pad) },
    height: { unit: 'inches', value: round2(h + pad) },
    weight: { unit: 'pounds', value: round2(weight + extra) },
  });
  return {
    asin,
    summaries: [
      {
        marketplaceId,
        itemName,
        brand,
        manufacturer: `${brand} Co.`,
        modelNumber: `HH-${asin.slice(-5)}`,
        packageQuantity: 1,
      },
    ],
    identifiers: [
      {
        marketplaceId,
        identifiers: [
          { identifierType: 'UPC', identifier: upcFor(asin) },
          { identifierType: 'EAN', identifier: `0${upcFor(asin)}` },
        ],
      },
    ],
    images: [{ marketplaceId, images: [{ variant: 'MAIN', link: `/images/I/${asin}.svg`, height: 500, width: 500 }] }],
    dimensions: [{ marketplaceId, item: dims(0, 0), package: dims(0.5, 0.15) }],
    salesRanks: [
      {
        marketplaceId,
        displayGroupRanks: [
          {
            websiteDisplayGroup: 'home_display_on_website',
            title: 'Home & Kitchen',
            rank: 500 + Math.floor(r() * 90_000),
          },
        ],
      },
    ],
  };
}

type Fee = {
  FeeType: string;
  FeeAmount: { CurrencyCode: string; Amount: number };
  FinalFee: { CurrencyCode: string; Amount: number };
};
const usd = (Amount: number) => ({ CurrencyCode: 'USD', Amount: round2(Amount) });
const fee = (FeeType: string, amount: number): Fee => ({ FeeType, FeeAmount: usd(amount), FinalFee: usd(amount) });

/** The FBA fulfilment fee for the package's size tier and shipping weight. */
export function fbaFee(item: CatalogItem): number {
  const p = item.dimensions?.[0]?.package;
  const sides = [p?.length?.value ?? 10, p?.width?.value ?? 8, p?.height?.value ?? 4].sort((a, b) => b - a);
  const weight = p?.weight?.value ?? 1;
  const dimWeight = (sides[0] * sides[1] * sides[2]) / 139;
  const shipping = Math.max(weight, dimWeight);
  if (sides[0] <= 15 && sides[1] <= 12 && sides[2] <= 0.75 && weight <= 1) return 3.22;
  if (sides[0] <= 18 && sides[1] <= 14 && sides[2] <= 8 && shipping <= 20)
    // Large standard: a base, then a charge for every 4 oz past the first pound.
    return shipping <= 1 ? 3.86 : 4.75 + 0.16 * Math.ceil((shipping - 1) * 4);
  if (shipping <= 50) return 9.61 + 0.38 * Math.max(0, Math.ceil(shipping - 1));
  return 26.33 + 0.38 * Math.ceil(shipping - 1);
}

export function feeLines(price: number, fbaItem: CatalogItem | null): Fee[] {
  return [
    fee('ReferralFee', Math.max(0.3, price * 0.15)),
    fee('VariableClosingFee', 0),
    fee('PerItemFee', 0),
    ...(fbaItem ? [fee('FBAFees', fbaFee(fbaItem))] : []),
  ];
}
