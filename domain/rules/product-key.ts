/**
 * The key a product is filed under in the inventory ledger and balances: its most specific code
 * (FNSKU, then merchant SKU, ASIN, UPC), else a key made from its own id. Purchase-order items and
 * catalogue products follow the same rule, so a unit received from a PO and a unit of the catalogue
 * product with that FNSKU land on one line. The server's SQL form is server/db/product-key.ts.
 */
export interface ProductCodes {
  fnsku: string | null;
  msku: string | null;
  asin: string | null;
  upc: string | null;
  id: number;
}

export const ITEM_KEY_PREFIX = 'ITEM-';
export const PRODUCT_KEY_PREFIX = 'PRODUCT-';

const keyOf = (c: ProductCodes, prefix: string): string => c.fnsku ?? c.msku ?? c.asin ?? c.upc ?? `${prefix}${c.id}`;

/** A purchase-order item's key. */
export const itemProductKey = (item: ProductCodes): string => keyOf(item, ITEM_KEY_PREFIX);

/** A catalogue product's key. */
export const catalogueProductKey = (product: ProductCodes): string => keyOf(product, PRODUCT_KEY_PREFIX);
