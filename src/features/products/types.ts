/** What the catalogue API answers (server/modules/products/service.ts). */
export interface ProductCode {
  id: number;
  code: string;
  codeType: string;
  primary: boolean;
}

export interface ProductComponentRow {
  productId: number;
  quantity: number;
  title: string;
  msku: string | null;
  fnsku: string | null;
}

export interface Product {
  id: number;
  companyId: number;
  companyName: string;
  accountNo: string;
  title: string;
  productType: string;
  packing: string;
  packSize: number;
  asin: string | null;
  fnsku: string | null;
  msku: string | null;
  upc: string | null;
  category: string | null;
  manufacturer: string | null;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  weightLb: number | null;
  imageUrls: string[];
  cubicFeet: number | null;
  codes: ProductCode[];
  components: ProductComponentRow[];
}

export type ProductListRow = Omit<Product, 'codes' | 'components' | 'manufacturer' | 'imageUrls'> & { items: number };

/** Field errors of a zod result or an API refusal, keyed by field ('form' for the rest). */
export const issuesByField = (issues: { path: PropertyKey[]; message: string }[]): Record<string, string> =>
  Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'form'), i.message]));
