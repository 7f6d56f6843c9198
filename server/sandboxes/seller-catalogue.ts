/**
 * What a sandbox seller's buyers order, when it is given rather than drawn: the demo's stores sell
 * their clients' own products — the SKUs, ASINs and UPCs of the demo catalogue — plus a few that
 * are not in it, on purpose, so linking a SKU can be shown. Without one, a sandbox's buyers order
 * from the catalogue it draws for the account (its listings or items), as for any new store.
 *
 * Kept under a provider key of its own ("amazon.catalogue"), so resetting an account's sandbox
 * data (records.ts resetAccount) keeps it: the account starts again from the same demo data.
 */
import { z } from 'zod';
import type { Deps } from '../context.js';
import { getRecord, putRecord, type RecordSet } from './records.js';

export const presetItemSchema = z.object({
  sku: z.string().min(1),
  title: z.string().min(1),
  /** The listing's price, in US dollars. */
  price: z.number().positive(),
  asin: z.string().optional(),
  /** A UPC or GTIN. */
  gtin: z.string().optional(),
});
export type PresetItem = z.infer<typeof presetItemSchema>;

const catalogueSchema = z.object({ items: z.array(presetItemSchema) });

const catalogueSet = (provider: string, account: string): RecordSet<z.infer<typeof catalogueSchema>> => ({
  provider: `${provider}.catalogue`,
  account,
  kind: 'catalogue',
  schema: catalogueSchema,
  keyOf: () => 'catalogue',
});

/** The account's given catalogue; empty when none was given (its buyers order from the drawn one). */
export async function presetCatalogueOf(deps: Deps, provider: string, account: string): Promise<PresetItem[]> {
  return (await getRecord(deps, catalogueSet(provider, account), 'catalogue'))?.items ?? [];
}

/** Gives the account the catalogue its buyers order from (replacing any given before). */
export async function presetCatalogue(
  deps: Deps,
  provider: 'amazon' | 'walmart',
  account: string,
  items: PresetItem[],
): Promise<void> {
  await putRecord(deps, catalogueSet(provider, account), { items: items.map((i) => presetItemSchema.parse(i)) });
}
