/**
 * FBM return orders (/apps/inbound/uploaded-batches/fbm/:type) and Amazon FBA removal shipments
 * (/apps/inbound/uploaded-batches/fba/:type): what is expected back at the prep centre, pulled from
 * Amazon's reports or uploaded, and how far receiving has got. Receiving itself is the inbound
 * flow's (dock scan of the tracking number, item scan, sort): a return owns an inbound batch.
 */
import { z } from 'zod';

/** The two kinds, by the route segment that names them. */
export const RETURN_KINDS = ['fbm_return', 'fba_removal'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_ROUTE_KIND = { fbm: 'fbm_return', fba: 'fba_removal' } as const satisfies Record<
  string,
  ReturnKind
>;

export const RETURN_SOURCES = ['amazon', 'upload'] as const;
export type ReturnSource = (typeof RETURN_SOURCES)[number];

/**
 * Where receiving stands (the inbound batch's stage): expected — nothing delivered or counted yet;
 * receiving — the parcel was scanned or units counted, some still missing; received — every
 * parcel delivered and every unit counted (sellable or as a problem).
 */
export const RETURN_STAGES = ['expected', 'receiving', 'received'] as const;
export type ReturnStage = (typeof RETURN_STAGES)[number];
/** The list screens' `:type`: one stage, or all. */
export const RETURN_LIST_TYPES = ['expected', 'receiving', 'received', 'all'] as const;
export type ReturnListType = (typeof RETURN_LIST_TYPES)[number];

const id = z.coerce.number().int().positive();

export const returnListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  kind: z.enum(RETURN_KINDS),
  stage: z.enum(RETURN_STAGES).optional(),
  companyId: id.optional(),
  storeId: id.optional(),
  /** Order id, RMA, tracking number, SKU or title. */
  q: z.string().trim().max(100).optional(),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

export const returnRowSchema = z.object({
  id: z.number(),
  kind: z.enum(RETURN_KINDS),
  source: z.enum(RETURN_SOURCES),
  orderId: z.string(),
  rma: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  marketplaceStatus: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string(),
  accountNo: z.string().nullable(),
  storeId: z.number().nullable(),
  storeName: z.string().nullable(),
  batchId: z.number(),
  batchName: z.string(),
  stage: z.enum(RETURN_STAGES),
  expectedUnits: z.number(),
  sellableUnits: z.number(),
  problemUnits: z.number(),
  createdAt: z.string(),
});
export type ReturnRow = z.infer<typeof returnRowSchema>;

export const returnPageSchema = z.object({
  content: z.array(returnRowSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  totalElements: z.number(),
});

export const returnLineSchema = z.object({
  id: z.number(),
  batchItemId: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  fnsku: z.string().nullable(),
  upc: z.string().nullable(),
  reason: z.string().nullable(),
  disposition: z.string().nullable(),
  expectedQty: z.number(),
  /** Counted good: back in the client's sellable stock. */
  sellableQty: z.number(),
  /** Counted damaged: each became a problem with a damage type, for the client's disposition. */
  damagedQty: z.number(),
  sortedQty: z.number(),
  status: z.string(),
});

export const returnProblemSchema = z.object({
  id: z.number(),
  type: z.string(),
  damageType: z.string(),
  status: z.string(),
  resolution: z.string(),
  quantity: z.number(),
  code: z.string().nullable(),
});

export const returnDetailSchema = returnRowSchema.extend({
  packages: z.array(
    z.object({ id: z.number(), trackingNumber: z.string(), status: z.string(), deliveredAt: z.string().nullable() }),
  ),
  lines: z.array(returnLineSchema),
  problems: z.array(returnProblemSchema),
});
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

/** Pull now (the returns.pull job for one store). */
export const returnPullInputSchema = z.object({ storeId: z.number().int().positive() }).strict();

export const returnsFileQuerySchema = z.object({
  companyId: id.optional(),
  validateOnly: z.enum(['true', 'false']).optional(),
});

export const returnsFileIssueSchema = z.object({
  row: z.number().nullable(),
  column: z.string().nullable(),
  code: z.string(),
  value: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const returnsFileResultSchema = z.object({
  valid: z.boolean(),
  stored: z.boolean(),
  rows: z.number(),
  returns: z.number(),
  lines: z.number(),
  created: z.number(),
  unchanged: z.number(),
});
export type ReturnsFileResult = z.infer<typeof returnsFileResultSchema>;

export const returnStoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number(),
  connected: z.boolean(),
  /** STORE_PULL_AMZ_RETURN_ORDER and STORE_PULL_AMZ_REMOVAL_ORDER as they stand for the store. */
  pullReturns: z.boolean(),
  pullRemovals: z.boolean(),
});
export const returnStoreListSchema = z.array(returnStoreSchema);
