/**
 * The part of Shopify's Admin GraphQL schema the sandbox serves, in Shopify's own type and field
 * names, executed by graphql-js — so a query Shopify would reject (an unknown field, a wrong
 * argument) is rejected here too, with GraphQL's own error.
 */
import { buildSchema } from 'graphql';

export const adminSchema = buildSchema(/* GraphQL */ `
  type Query {
    shop: Shop!
  }

  type Shop {
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
`);
