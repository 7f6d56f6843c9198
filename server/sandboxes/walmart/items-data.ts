/**
 * What the Walmart sandbox draws a seller's catalogue from: plausible products of the kinds prep
 * centres handle (their Walmart product types and Walmart.com shelves), and the reasons Walmart
 * gives for an unpublished item, in its own words (the first two from its published example).
 */

export interface ProductTemplate {
  name: string;
  brand: string;
  productType: string;
  shelf: string[];
  /** US dollars. */
  price: number;
}

export const PRODUCTS: ProductTemplate[] = [
  {
    name: 'Stainless Steel Insulated Water Bottle, 32 oz',
    brand: 'Northwater',
    productType: 'Water Bottles',
    shelf: ['Home Page', 'Sports & Outdoors', 'Hydration'],
    price: 24.99,
  },
  {
    name: 'Bamboo Cutting Board Set, 3 Pieces',
    brand: 'Kitchenary',
    productType: 'Cutting Boards',
    shelf: ['Home Page', 'Home', 'Kitchen & Dining', 'Cutting Boards'],
    price: 29.95,
  },
  {
    name: 'Silicone Baking Mat, Half Sheet, 2 Pack',
    brand: 'Kitchenary',
    productType: 'Baking Mats',
    shelf: ['Home Page', 'Home', 'Kitchen & Dining', 'Bakeware'],
    price: 12.49,
  },
  {
    name: 'Wireless Earbuds with Charging Case, Black',
    brand: 'Soundcrest',
    productType: 'Headphones',
    shelf: ['Home Page', 'Electronics', 'Headphones'],
    price: 39.99,
  },
  {
    name: 'USB-C Fast Charger, 30W',
    brand: 'Voltline',
    productType: 'Chargers',
    shelf: ['Home Page', 'Electronics', 'Cell Phones', 'Chargers'],
    price: 18.99,
  },
  {
    name: 'Braided USB-C Cable, 6 ft, 3 Pack',
    brand: 'Voltline',
    productType: 'Cables',
    shelf: ['Home Page', 'Electronics', 'Cables'],
    price: 13.99,
  },
  {
    name: 'Yoga Mat, Non-Slip, 6 mm, Teal',
    brand: 'Flowfit',
    productType: 'Yoga Mats',
    shelf: ['Home Page', 'Sports & Outdoors', 'Exercise & Fitness', 'Yoga'],
    price: 27.5,
  },
  {
    name: 'Resistance Bands Set, 5 Levels',
    brand: 'Flowfit',
    productType: 'Resistance Bands',
    shelf: ['Home Page', 'Sports & Outdoors', 'Exercise & Fitness'],
    price: 15.99,
  },
  {
    name: 'Cotton Bath Towels, 4 Pack, Gray',
    brand: 'Loomhaus',
    productType: 'Bath Towels',
    shelf: ['Home Page', 'Home', 'Bath', 'Towels'],
    price: 34.99,
  },
  {
    name: 'Microfiber Sheet Set, Queen, White',
    brand: 'Loomhaus',
    productType: 'Bed Sheets',
    shelf: ['Home Page', 'Home', 'Bedding', 'Sheets'],
    price: 26.99,
  },
  {
    name: 'Organic Green Tea, 100 Bags',
    brand: 'Leafwell',
    productType: 'Tea',
    shelf: ['Home Page', 'Food', 'Coffee & Tea', 'Tea'],
    price: 11.99,
  },
  {
    name: 'Almond Butter, Creamy, 16 oz',
    brand: 'Leafwell',
    productType: 'Nut Butters',
    shelf: ['Home Page', 'Food', 'Pantry'],
    price: 9.49,
  },
  {
    name: 'Dog Chew Toy, Durable Rubber, Large',
    brand: 'Pawsome',
    productType: 'Dog Toys',
    shelf: ['Home Page', 'Pets', 'Dogs', 'Dog Toys'],
    price: 14.99,
  },
  {
    name: 'Cat Litter Mat, 24 x 16 in',
    brand: 'Pawsome',
    productType: 'Litter Mats',
    shelf: ['Home Page', 'Pets', 'Cats'],
    price: 16.99,
  },
  {
    name: 'Kids Building Blocks, 500 Pieces',
    brand: 'Brickleberry',
    productType: 'Building Sets',
    shelf: ['Home Page', 'Toys', 'Building Sets & Blocks'],
    price: 32.99,
  },
  {
    name: 'Wooden Puzzle Set for Toddlers, 6 Pack',
    brand: 'Brickleberry',
    productType: 'Puzzles',
    shelf: ['Home Page', 'Toys', 'Puzzles'],
    price: 19.99,
  },
  {
    name: 'LED Desk Lamp with USB Port',
    brand: 'Brightnook',
    productType: 'Desk Lamps',
    shelf: ['Home Page', 'Home', 'Lighting', 'Desk Lamps'],
    price: 28.49,
  },
  {
    name: 'Smart Plug, Wi-Fi, 4 Pack',
    brand: 'Brightnook',
    productType: 'Smart Plugs',
    shelf: ['Home Page', 'Electronics', 'Smart Home'],
    price: 24.99,
  },
  {
    name: 'Vitamin C Serum, 1 fl oz',
    brand: 'Glowrite',
    productType: 'Facial Serums',
    shelf: ['Home Page', 'Beauty', 'Skin Care'],
    price: 17.99,
  },
  {
    name: 'Sulfate-Free Shampoo, 16 fl oz',
    brand: 'Glowrite',
    productType: 'Shampoo',
    shelf: ['Home Page', 'Beauty', 'Hair Care'],
    price: 12.99,
  },
  {
    name: 'Men’s Athletic Crew Socks, 12 Pairs',
    brand: 'Stridewear',
    productType: 'Socks',
    shelf: ['Home Page', 'Clothing', 'Mens Clothing', 'Socks'],
    price: 21.99,
  },
  {
    name: 'Packable Rain Jacket, Women’s, Navy',
    brand: 'Stridewear',
    productType: 'Outerwear Coats, Jackets & Vests',
    shelf: ['Home Page', 'Clothing', 'Women', 'Coats & Jackets'],
    price: 44.99,
  },
  {
    name: 'Cast Iron Skillet, 12 in, Pre-Seasoned',
    brand: 'Kitchenary',
    productType: 'Skillets',
    shelf: ['Home Page', 'Home', 'Kitchen & Dining', 'Cookware'],
    price: 31.99,
  },
  {
    name: 'Reusable Food Storage Bags, 10 Pack',
    brand: 'Kitchenary',
    productType: 'Food Storage Bags',
    shelf: ['Home Page', 'Home', 'Kitchen & Dining', 'Food Storage'],
    price: 14.49,
  },
  {
    name: 'Camping Lantern, Rechargeable, 1000 Lumens',
    brand: 'Northwater',
    productType: 'Lanterns',
    shelf: ['Home Page', 'Sports & Outdoors', 'Camping'],
    price: 26.99,
  },
  {
    name: 'Insulated Lunch Bag, Black',
    brand: 'Northwater',
    productType: 'Lunch Bags',
    shelf: ['Home Page', 'Home', 'Kitchen & Dining', 'Lunch Bags'],
    price: 15.49,
  },
];

export const UNPUBLISHED_REASONS = [
  'No shipping information was set up. Please re - ingest this item with a shipping price if you are submitting an over - ride.',
  'You did not assign a tax code to your listing during item setup. Please re-ingest your item with a valid tax code.',
  'Your item is unpublished because its price is higher than the reasonable price range for this item.',
  'Your item is missing a main image. Add an image that meets Walmart’s image requirements and re-ingest the item.',
];

/** Why an item just set up by a feed is not on Walmart.com yet (feeds.ts; published after review). */
export const UNDER_REVIEW_REASON =
  'Item under review: Walmart is reviewing the item and publishes it once the review is complete.';
/** An item set up without a main image stays unpublished for this reason (the fourth above). */
export const MISSING_IMAGE_REASON = UNPUBLISHED_REASONS[3];
