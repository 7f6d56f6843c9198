/**
 * Reports v2021-06-30 shapes, typed from ../shared/reference/amazon/reports_2021-06-30.json
 * (createReport, getReports, getReport, cancelReport, getReportDocument), and the report types a
 * prep centre reads with their columns exactly as Amazon's "reports attributes" pages list them.
 * The client checks answers with these; the sandbox builds its answers and documents with them.
 */
import { z } from 'zod';

/** `processingStatus` as the model publishes it. There is no DONE_NO_DATA in this version: a report with nothing to say ends CANCELLED. */
export const PROCESSING_STATUSES = ['CANCELLED', 'DONE', 'FATAL', 'IN_PROGRESS', 'IN_QUEUE'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Amazon's own words for each status (the model's x-docgen-enum-table-extension). */
export const PROCESSING_STATUS_MEANING: Record<ProcessingStatus, string> = {
  CANCELLED:
    'The report was cancelled. There are two ways a report can be cancelled: an explicit cancellation request before the report starts processing, or an automatic cancellation if there is no data to return.',
  DONE: 'The report has completed processing.',
  FATAL: 'The report was aborted due to a fatal error.',
  IN_PROGRESS: 'The report is being processed.',
  IN_QUEUE: 'The report has not yet started processing. It may be waiting for another `IN_PROGRESS` report.',
};

export const reportSchema = z.object({
  marketplaceIds: z.array(z.string()).optional(),
  reportId: z.string(),
  reportType: z.string(),
  dataStartTime: z.string().optional(),
  dataEndTime: z.string().optional(),
  reportScheduleId: z.string().optional(),
  createdTime: z.string(),
  processingStatus: z.enum(PROCESSING_STATUSES),
  processingStartTime: z.string().optional(),
  processingEndTime: z.string().optional(),
  /** Present once DONE — and on some FATAL reports, where the document holds the error. */
  reportDocumentId: z.string().optional(),
});
export type Report = z.infer<typeof reportSchema>;

/** createReport's body: 1–25 marketplaces; reportOptions are strings by the model. */
export const createReportSpecificationSchema = z.object({
  reportOptions: z.record(z.string(), z.string()).optional(),
  reportType: z.string().min(1),
  dataStartTime: z.string().optional(),
  dataEndTime: z.string().optional(),
  marketplaceIds: z.array(z.string()).min(1).max(25),
});
export type CreateReportSpecification = z.infer<typeof createReportSpecificationSchema>;

export const createReportResponseSchema = z.object({ reportId: z.string() });

export const getReportsResponseSchema = z.object({
  reports: z.array(reportSchema),
  /** Pass back as the only parameter for the next page. */
  nextToken: z.string().optional(),
});
export type GetReportsResponse = z.infer<typeof getReportsResponseSchema>;

/** getReports' filters (reportTypes is required unless nextToken is given, and nextToken goes alone). */
export interface GetReportsQuery {
  /** 1–10 report types. */
  reportTypes: string[];
  processingStatuses?: ProcessingStatus[];
  /** 1–10 marketplaces; a report matches if it has any of them. */
  marketplaceIds?: string[];
  /** 1–100, Amazon's default 10. */
  pageSize?: number;
  /** Amazon's default: 90 days ago (reports are kept 90 days). */
  createdSince?: string;
  createdUntil?: string;
}

export const reportDocumentSchema = z.object({
  reportDocumentId: z.string(),
  /** Pre-signed, valid five minutes; fetched without the SP-API token. */
  url: z.string().url(),
  compressionAlgorithm: z.enum(['GZIP']).optional(),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** What a FATAL report's document says, when it is JSON (`{"errorDetails": "…"}`). */
export const reportErrorDocumentSchema = z.object({ errorDetails: z.string() });

/**
 * The report types Dockside reads and their columns, in Amazon's order and spelling
 * (developer-docs.amazon.com/sp-api/docs: FBA Inventory, Returns, FBA Customer Concessions, FBA
 * Removals and Inventory reports attributes). Amazon notes the MYI columns may vary with the
 * marketplace and the seller's Seller Central settings; these are the North American ones.
 */
export const REPORT_COLUMNS = {
  GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA: [
    'sku',
    'fnsku',
    'asin',
    'product-name',
    'condition',
    'your-price',
    'mfn-listing-exists',
    'mfn-fulfillable-quantity',
    'afn-listing-exists',
    'afn-warehouse-quantity',
    'afn-fulfillable-quantity',
    'afn-unsellable-quantity',
    'afn-reserved-quantity',
    'afn-total-quantity',
    'per-unit-volume',
    'afn-inbound-working-quantity',
    'afn-inbound-shipped-quantity',
    'afn-inbound-receiving-quantity',
    'afn-researching-quantity',
    'afn-reserved-future-supply',
    'afn-future-supply-buyable',
  ],
  GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE: [
    'Order ID',
    'Order date',
    'Return request date',
    'Return request status',
    'Amazon RMA ID',
    'Merchant RMA ID',
    'Label type',
    'Label cost',
    'Currency code',
    'Return carrier',
    'Tracking ID',
    'Label to be paid by',
    'A-to-Z Claim',
    'Is prime',
    'ASIN',
    'Merchant SKU',
    'Item Name',
    'Return quantity',
    'Return Reason',
    'In policy',
    'Return type',
    'Resolution',
    'Invoice number',
    'Return delivery date',
    'Order Amount',
    'Order quantity',
    'SafeT Action reason',
    'SafeT claim id',
    'SafeT claim state',
    'SafeT claim creation time',
    'SafeT claim reimbursement amount',
    'Refunded Amount',
  ],
  GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA: [
    'return-date',
    'order-id',
    'sku',
    'asin',
    'fnsku',
    'product-name',
    'quantity',
    'fulfillment-center-id',
    'detailed-disposition',
    'reason',
    'status',
    'license-plate-number',
    'customer-comments',
  ],
  GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA: [
    'request-date',
    'order-id',
    'order-type',
    'service-speed',
    'order-status',
    'last-updated-date',
    'sku',
    'fnsku',
    'disposition',
    'requested-quantity',
    'cancelled-quantity',
    'disposed-quantity',
    'shipped-quantity',
    'in-process-quantity',
    'removal-fee',
    'currency',
  ],
  GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA: [
    'request-date',
    'order-id',
    'shipment-date',
    'sku',
    'fnsku',
    'disposition',
    'shipped-quantity',
    'carrier',
    'tracking-number',
    'removal-order-type',
  ],
  GET_MERCHANT_LISTINGS_ALL_DATA: [
    'item-name',
    'item-description',
    'listing-id',
    'seller-sku',
    'price',
    'quantity',
    'open-date',
    'image-url',
    'item-is-marketplace',
    'product-id-type',
    'zshop-shipping-fee',
    'item-note',
    'item-condition',
    'zshop-category1',
    'zshop-browse-path',
    'zshop-storefront-feature',
    'asin1',
    'asin2',
    'asin3',
    'will-ship-internationally',
    'expedited-shipping',
    'zshop-boldface',
    'product-id',
    'bid-for-featured-placement',
    'add-delete',
    'pending-quantity',
    'fulfillment-channel',
    'merchant-shipping-group',
    'status',
  ],
} as const;
export type FlatFileReportType = keyof typeof REPORT_COLUMNS;
export const FLAT_FILE_REPORT_TYPES = Object.keys(REPORT_COLUMNS) as FlatFileReportType[];
export type ReportColumn<T extends FlatFileReportType> = (typeof REPORT_COLUMNS)[T][number];
/** One line of a report, by column. */
export type ReportRow<T extends FlatFileReportType> = Record<ReportColumn<T>, string>;
