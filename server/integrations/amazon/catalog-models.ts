/**
 * Listings Items 2021-08-01, Catalog Items 2022-04-01 and Product Fees v0 shapes (../shared/
 * reference/amazon/): a seller's listings (summaries, offers, fulfilment availability, issues),
 * Amazon's catalogue record of an ASIN, and the fee estimate at a price. Answers are checked with
 * these schemas; unknown fields pass through untouched.
 */
import { z } from 'zod';

const pagination = z.object({ nextToken: z.string().optional(), previousToken: z.string().optional() }).optional();
const image = z.object({ link: z.string(), height: z.number().int(), width: z.number().int() });

export const listingIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(['ERROR', 'WARNING', 'INFO']),
  attributeNames: z.array(z.string()).optional(),
  categories: z.array(z.string()),
});
export type ListingIssue = z.infer<typeof listingIssueSchema>;

export const listingItemSchema = z.object({
  sku: z.string(),
  summaries: z
    .array(
      z.object({
        marketplaceId: z.string(),
        asin: z.string().optional(),
        productType: z.string(),
        conditionType: z.string().optional(),
        status: z.array(z.enum(['BUYABLE', 'DISCOVERABLE'])),
        fnSku: z.string().optional(),
        itemName: z.string().optional(),
        createdDate: z.string(),
        lastUpdatedDate: z.string(),
        mainImage: image.optional(),
      }),
    )
    .optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(listingIssueSchema).optional(),
  offers: z
    .array(
      z.object({
        marketplaceId: z.string(),
        offerType: z.enum(['B2C', 'B2B']),
        price: z.object({ currencyCode: z.string(), amount: z.string() }),
      }),
    )
    .optional(),
  fulfillmentAvailability: z
    .array(z.object({ fulfillmentChannelCode: z.string(), quantity: z.number().int().min(0).optional() }))
    .optional(),
});
export type ListingItem = z.infer<typeof listingItemSchema>;
export const listingSearchResultsSchema = z.object({
  numberOfResults: z.number().int(),
  items: z.array(listingItemSchema),
  pagination,
});

export const listingPutRequestSchema = z.object({
  productType: z.string().min(1),
  requirements: z.enum(['LISTING', 'LISTING_PRODUCT_ONLY', 'LISTING_OFFER_ONLY']).optional(),
  attributes: z.record(z.string(), z.unknown()),
});
export type ListingPutRequest = z.infer<typeof listingPutRequestSchema>;
export const listingSubmissionSchema = z.object({
  sku: z.string(),
  status: z.enum(['ACCEPTED', 'INVALID', 'VALID']),
  submissionId: z.string(),
  issues: z.array(listingIssueSchema).optional(),
});
export type ListingSubmission = z.infer<typeof listingSubmissionSchema>;

// ---- Catalog Items 2022-04-01 ----

const dimension = z.object({ unit: z.string().optional(), value: z.number().optional() });
const dimensions = z.object({
  height: dimension.optional(),
  length: dimension.optional(),
  weight: dimension.optional(),
  width: dimension.optional(),
});
export const catalogItemSchema = z.object({
  asin: z.string(),
  summaries: z
    .array(
      z.looseObject({
        marketplaceId: z.string(),
        itemName: z.string().optional(),
        brand: z.string().optional(),
        manufacturer: z.string().optional(),
        modelNumber: z.string().optional(),
        packageQuantity: z.number().int().optional(),
      }),
    )
    .optional(),
  identifiers: z
    .array(
      z.object({
        marketplaceId: z.string(),
        identifiers: z.array(z.object({ identifierType: z.string(), identifier: z.string() })),
      }),
    )
    .optional(),
  images: z
    .array(
      z.object({
        marketplaceId: z.string(),
        images: z.array(image.extend({ variant: z.string() })),
      }),
    )
    .optional(),
  dimensions: z
    .array(z.object({ marketplaceId: z.string(), item: dimensions.optional(), package: dimensions.optional() }))
    .optional(),
  salesRanks: z
    .array(
      z.object({
        marketplaceId: z.string(),
        displayGroupRanks: z
          .array(z.object({ websiteDisplayGroup: z.string(), title: z.string(), rank: z.number().int() }))
          .optional(),
      }),
    )
    .optional(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

// ---- Product Fees v0 ----

const money = z.object({ CurrencyCode: z.string().optional(), Amount: z.number().optional() });
export const feesEstimateRequestSchema = z.object({
  FeesEstimateRequest: z.object({
    MarketplaceId: z.string(),
    IsAmazonFulfilled: z.boolean().optional(),
    PriceToEstimateFees: z.object({ ListingPrice: money, Shipping: money.optional() }),
    Identifier: z.string(),
  }),
});
export const feesEstimateResponseSchema = z.object({
  payload: z
    .object({
      FeesEstimateResult: z
        .object({
          Status: z.string().optional(),
          FeesEstimateIdentifier: z.looseObject({ IdValue: z.string().optional() }).optional(),
          FeesEstimate: z
            .object({
              TimeOfFeesEstimation: z.string(),
              TotalFeesEstimate: money.optional(),
              FeeDetailList: z
                .array(z.object({ FeeType: z.string(), FeeAmount: money, FinalFee: money }).loose())
                .optional(),
            })
            .optional(),
          Error: z.object({ Type: z.string(), Code: z.string(), Message: z.string() }).loose().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type FeesEstimateResponse = z.infer<typeof feesEstimateResponseSchema>;
