/**
 * The part of Shopify's Admin GraphQL schema (2025-10) the sandbox serves, in Shopify's own type,
 * field, argument and enum names, executed by graphql-js — so a query Shopify would reject (an
 * unknown field, a wrong argument) is rejected here too, with GraphQL's own error. Enums that are
 * long at Shopify (CountryCode, CurrencyCode, OrderSortKeys) carry the values the sandbox uses.
 */
import { buildSchema, GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const sdl = /* GraphQL */ `
  schema {
    query: QueryRoot
    mutation: Mutation
  }

  "An ISO 8601 date and time in UTC."
  scalar DateTime
  "A signed decimal number, serialized as a string."
  scalar Decimal
  "An RFC 3986 URL."
  scalar URL
  "A 64-bit unsigned integer, serialized as a string."
  scalar UnsignedInt64

  interface Node {
    id: ID!
  }

  type QueryRoot {
    shop: Shop!
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
    ): OrderConnection!
    fulfillmentOrder(id: ID!): FulfillmentOrder
  }

  type Mutation {
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  }

  type Shop implements Node {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
  }

  enum CurrencyCode {
    USD
    CAD
    EUR
    GBP
  }

  enum CountryCode {
    US
    CA
    GB
    DE
    FR
    AU
  }

  enum OrderSortKeys {
    CREATED_AT
    ID
    ORDER_NUMBER
    PROCESSED_AT
    TOTAL_PRICE
    UPDATED_AT
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }

  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  enum FulfillmentOrderStatus {
    CANCELLED
    CLOSED
    INCOMPLETE
    IN_PROGRESS
    ON_HOLD
    OPEN
    SCHEDULED
  }

  enum FulfillmentOrderRequestStatus {
    ACCEPTED
    CANCELLATION_ACCEPTED
    CANCELLATION_REJECTED
    CANCELLATION_REQUESTED
    CLOSED
    REJECTED
    SUBMITTED
    UNSUBMITTED
  }

  enum DeliveryMethodType {
    LOCAL
    NONE
    PICKUP_POINT
    PICK_UP
    RETAIL
    SHIPPING
  }

  enum FulfillmentStatus {
    CANCELLED
    ERROR
    FAILURE
    SUCCESS
    OPEN @deprecated(reason: "This is a legacy status and is due to be deprecated.")
    PENDING @deprecated(reason: "This is a legacy status and is due to be deprecated.")
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type MailingAddress implements Node {
    id: ID!
    name: String
    firstName: String
    lastName: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: CountryCode
    phone: String
  }

  type ShippingLine {
    id: ID
    title: String!
    code: String
    originalPriceSet: MoneyBag!
  }

  type Order implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    closed: Boolean!
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    displayFinancialStatus: OrderDisplayFinancialStatus
    currencyCode: CurrencyCode!
    subtotalPriceSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalPriceSet: MoneyBag!
    shippingAddress: MailingAddress
    shippingLine: ShippingLine
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): LineItemConnection!
    fulfillmentOrders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      displayable: Boolean = false
      query: String
    ): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type ProductVariant implements Node {
    id: ID!
    title: String!
    sku: String
    barcode: String
  }

  type LineItem implements Node {
    id: ID!
    name: String!
    title: String!
    variantTitle: String
    sku: String
    quantity: Int!
    currentQuantity: Int!
    unfulfilledQuantity: Int!
    fulfillableQuantity: Int! @deprecated(reason: "Use FulfillmentOrderLineItem#remainingQuantity instead.")
    nonFulfillableQuantity: Int!
    requiresShipping: Boolean!
    originalUnitPriceSet: MoneyBag!
    variant: ProductVariant
  }

  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  type DeliveryMethod implements Node {
    id: ID!
    methodType: DeliveryMethodType!
    minDeliveryDateTime: DateTime
    maxDeliveryDateTime: DateTime
  }

  type FulfillmentOrder implements Node {
    id: ID!
    status: FulfillmentOrderStatus!
    requestStatus: FulfillmentOrderRequestStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    fulfillAt: DateTime
    fulfillBy: DateTime
    orderId: ID!
    orderName: String!
    order: Order!
    deliveryMethod: DeliveryMethod
    lineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentOrderLineItemConnection!
  }

  type FulfillmentOrderConnection {
    edges: [FulfillmentOrderEdge!]!
    nodes: [FulfillmentOrder!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderEdge {
    cursor: String!
    node: FulfillmentOrder!
  }

  type FulfillmentOrderLineItem implements Node {
    id: ID!
    sku: String
    productTitle: String!
    remainingQuantity: Int!
    totalQuantity: Int!
    requiresShipping: Boolean!
    lineItem: LineItem!
  }

  type FulfillmentOrderLineItemConnection {
    edges: [FulfillmentOrderLineItemEdge!]!
    nodes: [FulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrderLineItemEdge {
    cursor: String!
    node: FulfillmentOrderLineItem!
  }

  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }

  type FulfillmentLineItem implements Node {
    id: ID!
    quantity: Int
    lineItem: LineItem!
  }

  type FulfillmentLineItemConnection {
    edges: [FulfillmentLineItemEdge!]!
    nodes: [FulfillmentLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentLineItemEdge {
    cursor: String!
    node: FulfillmentLineItem!
  }

  type Fulfillment implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    totalQuantity: Int!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    fulfillmentLineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentLineItemConnection!
    order: Order!
  }

  type UserError {
    field: [String!]
    message: String!
  }

  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean = false
    originAddress: FulfillmentOriginAddressInput
    trackingInfo: FulfillmentTrackingInput
  }

  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }

  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }

  input FulfillmentTrackingInput {
    company: String
    number: String
    numbers: [String!]
    url: URL
    urls: [URL!]
  }

  input FulfillmentOriginAddressInput {
    address1: String
    address2: String
    city: String
    countryCode: String!
    provinceCode: String
    zip: String
  }
`;

export const adminSchema = buildSchema(sdl);

/** URL inputs must be absolute http(s) URLs; Shopify refuses anything else while coercing variables. */
const url = adminSchema.getType('URL') as GraphQLScalarType;
const checkUrl = (value: unknown) => {
  if (typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value)) return value;
  throw new GraphQLError(`Invalid URL: ${JSON.stringify(value)}`);
};
url.parseValue = checkUrl;
url.parseLiteral = (node) => checkUrl(node.kind === Kind.STRING ? node.value : undefined);
