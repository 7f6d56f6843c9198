/**
 * What the Amazon sandbox holds for a seller: FBA inventory per marketplace. A seller's first read
 * seeds a plausible catalogue (deterministic from the seller id: the same seller always starts
 * with the same stock), stored in sandbox_records so later changes survive restarts.
 */
import type { Deps } from '../../context.js';
import { code, rng } from '../random.js';
import { recordsOf } from '../records.js';
import { inventorySummarySchema, type InventorySummary } from '../../integrations/amazon/models.js';

const PRODUCTS = [
  'Stainless Steel Water Bottle, 24 oz',
  'Bamboo Cutting Board Set (3 pcs)',
  'Silicone Baking Mat, Half Sheet',
  'LED Desk Lamp with USB Port',
  'Yoga Mat, 6 mm, Non-Slip',
  'Cast Iron Skillet, 10 inch',
  'Glass Meal Prep Containers (5 pack)',
  'Portable Power Bank, 10,000 mAh',
  'Kids’ Art Smock, Waterproof',
  'Resistance Bands Set (5 levels)',
  'Ceramic Pour-Over Coffee Dripper',
  'Microfiber Cleaning Cloths (12 pack)',
  'Insulated Lunch Bag, Navy',
  'Garden Kneeler and Seat',
  'Travel Toiletry Bag, Hanging',
  'Measuring Spoons, 6 Pack',
  'Phone Stand, Adjustable Aluminium',
  'Reusable Silicone Food Bags (4 pack)',
  'Dog Poop Bags, 360 Count',
  'Herb Keeper, Fridge',
  'Knife Sharpener, 3-Stage',
  'Cotton Tea Towels (4 pack)',
  'Ice Cube Trays with Lids (2 pack)',
  'Shower Caddy, Rustproof',
];

export function seedInventory(seller: string, marketplaceId: string): InventorySummary[] {
  const r = rng(`${seller}/${marketplaceId}`);
  const count = 12 + Math.floor(r() * (PRODUCTS.length - 12 + 1));
  return PRODUCTS.slice(0, count).map((productName, i) => {
    const fulfillable = r() < 0.15 ? 0 : Math.floor(r() * 240);
    const working = r() < 0.7 ? 0 : Math.floor(r() * 60);
    const shipped = r() < 0.7 ? 0 : Math.floor(r() * 60);
    const receiving = r() < 0.8 ? 0 : Math.floor(r() * 30);
    const reserved = Math.floor(fulfillable * r() * 0.1);
    const unfulfillable = r() < 0.8 ? 0 : Math.floor(r() * 8);
    return inventorySummarySchema.parse({
      asin: code(r, 'B0', 10),
      fnSku: code(r, 'X00', 10),
      sellerSku: `SBX-${String(i + 1).padStart(3, '0')}-${code(r, '', 4)}`,
      condition: 'NewItem',
      productName,
      lastUpdatedTime: new Date(Date.UTC(2026, 10, 1 + (i % 20), 8)).toISOString(),
      totalQuantity: fulfillable + working + shipped + receiving + reserved + unfulfillable,
      inventoryDetails: {
        fulfillableQuantity: fulfillable,
        inboundWorkingQuantity: working,
        inboundShippedQuantity: shipped,
        inboundReceivingQuantity: receiving,
        reservedQuantity: { totalReservedQuantity: reserved, pendingCustomerOrderQuantity: reserved },
        unfulfillableQuantity: { totalUnfulfillableQuantity: unfulfillable },
      },
    });
  });
}

/** The seller's FBA inventory in a marketplace, seeded on first read. */
export const fbaInventoryOf = (deps: Deps, seller: string, marketplaceId: string): Promise<InventorySummary[]> =>
  recordsOf(
    deps,
    {
      provider: 'amazon',
      account: seller,
      kind: `fba_inventory:${marketplaceId}`,
      schema: inventorySummarySchema,
      keyOf: (s) => s.sellerSku!,
    },
    () => seedInventory(seller, marketplaceId),
  );
