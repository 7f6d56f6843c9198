/**
 * The GraphQL Admin documents Dockside sends for orders and fulfilment, in Shopify's names
 * (Admin API 2025-10). Page sizes keep each query under Shopify's single-query cost limit of 1,000
 * (a connection costs 2 + its page size × a node): ten orders with twenty lines each ≈ 990.
 */

/** Orders per page and line items read with each order (more are paged by ORDER_LINE_ITEMS). */
export const ORDERS_PAGE = 10;
export const LINES_WITH_ORDER = 20;
export const LINES_PAGE = 100;

const LINE_FIELDS = /* GraphQL */ `
  fragment LineFields on LineItem {
    id
    sku
    title
    quantity
    currentQuantity
    unfulfilledQuantity
    originalUnitPriceSet {
      shopMoney {
        amount
        currencyCode
      }
    }
    variant {
      barcode
    }
  }
`;

/** Orders changed since a moment (`query: "updated_at:>='…'"`), oldest change first. */
export const ORDERS_QUERY = /* GraphQL */ `
  query DocksideOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        createdAt
        updatedAt
        cancelledAt
        cancelReason
        displayFulfillmentStatus
        currencyCode
        totalPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
        shippingAddress {
          name
          address1
          address2
          city
          provinceCode
          zip
          countryCodeV2
          phone
        }
        shippingLine {
          title
        }
        fulfillmentOrders(first: 5) {
          nodes {
            fulfillBy
            deliveryMethod {
              maxDeliveryDateTime
            }
          }
        }
        lineItems(first: ${LINES_WITH_ORDER}) {
          pageInfo {
            hasNextPage
            endCursor
          }
          nodes {
            ...LineFields
          }
        }
      }
    }
  }
  ${LINE_FIELDS}
`;

/** The rest of an order's line items, when it has more than came with it. */
export const ORDER_LINE_ITEMS_QUERY = /* GraphQL */ `
  query DocksideOrderLineItems($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: ${LINES_PAGE}, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...LineFields
        }
      }
    }
  }
  ${LINE_FIELDS}
`;

/** What is left to fulfil: the order's fulfillment orders and their lines. */
export const FULFILLMENT_ORDERS_QUERY = /* GraphQL */ `
  query DocksideFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes {
              id
              remainingQuantity
              totalQuantity
              lineItem {
                id
              }
            }
          }
        }
      }
    }
  }
`;

/** One shipment against fulfillment-order lines, with its tracking. */
export const FULFILLMENT_CREATE_MUTATION = /* GraphQL */ `
  mutation DocksideFulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        name
        status
        createdAt
        trackingInfo {
          company
          number
          url
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** The order's fulfilments with their tracking: what was already shipped (a retried confirmation reads it first). */
export const ORDER_FULFILLMENTS_QUERY = /* GraphQL */ `
  query DocksideOrderFulfillments($id: ID!) {
    order(id: $id) {
      id
      fulfillments(first: 50) {
        id
        status
        trackingInfo(first: 10) {
          company
          number
        }
      }
    }
  }
`;
