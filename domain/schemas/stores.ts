/**
 * Clients' marketplace stores (spec §7 common hub: stores and store credentials) and how they are
 * connected. A store's secrets (refresh tokens, client secrets) are write-only: sealed at rest, and
 * no answer ever carries them — only a hint ("•••• 1a2b") that says which one is on file.
 */
import { z } from 'zod';

/** The spec's Marketplaces: Amazon by country host, Walmart, eBay, Shopify. */
export const STORE_MARKETPLACES = [
  'amazon_us',
  'amazon_ca',
  'amazon_br',
  'amazon_mx',
  'walmart',
  'ebay',
  'shopify',
] as const;
export type StoreMarketplace = (typeof STORE_MARKETPLACES)[number];
export type Provider = 'amazon' | 'walmart' | 'ebay' | 'shopify';
export const providerOf = (m: StoreMarketplace): Provider =>
  m.startsWith('amazon_') ? 'amazon' : (m as Exclude<StoreMarketplace, `amazon_${string}`>);

export const isAmazon = (m: string): boolean =>
  (STORE_MARKETPLACES as readonly string[]).includes(m) && providerOf(m as StoreMarketplace) === 'amazon';

/** Amazon's marketplace ids and the SP-API region that serves each (North America for all four). */
export const AMAZON_MARKETPLACE_IDS: Record<Extract<StoreMarketplace, `amazon_${string}`>, string> = {
  amazon_us: 'ATVPDKIKX0DER',
  amazon_ca: 'A2EUQ1WTGCTBG2',
  amazon_br: 'A2Q3Y263D00KWC',
  amazon_mx: 'A1AM78C64UM0Y8',
};

/** sandbox: the server's own /sandbox/<provider>/; production: the provider itself (complete credentials only). */
export const STORE_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type StoreEnvironment = (typeof STORE_ENVIRONMENTS)[number];

/** not_connected: no credentials yet; connected: the last call worked; reconnect_needed: the provider refused them. */
export const CONNECTION_STATES = ['not_connected', 'connected', 'reconnect_needed'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const storeCreateSchema = z.object({
  /** Warehouse users name the client; a client adds stores to its own company. */
  companyId: z.coerce.number().int().positive().optional(),
  marketplace: z.enum(STORE_MARKETPLACES, { error: 'marketplace: choose the marketplace of the store' }),
  name: z.string().trim().min(1, 'name: give the store a name').max(80),
  /** Amazon seller id, Walmart partner id, eBay user, Shopify shop domain — as the marketplace shows it. */
  sellerId: z.string().trim().max(80).optional(),
  environment: z.enum(STORE_ENVIRONMENTS).default('sandbox'),
});
export type StoreCreate = z.infer<typeof storeCreateSchema>;

export const storeUpdateSchema = z.object({
  name: z.string().trim().min(1, 'name: give the store a name').max(80),
  sellerId: z.string().trim().max(80).optional(),
  environment: z.enum(STORE_ENVIRONMENTS),
});

/**
 * A store's own settings. `ebayLogistics` (eBay stores only): the warehouse's eBay keyset is
 * approved for eBay's Limited Release Logistics API, so Dockside asks the store's seller for its
 * scope (sell.logistics) and quotes and buys eBay Logistics labels for the store's orders. Sandbox
 * stores always have it (the sandbox's keyset is approved); off, a production store is quoted by
 * the aggregator alone. Turning it on for a connected production store changes what Dockside asks
 * eBay for: the store is reconnected to grant it.
 */
export const storeSettingsSchema = z.object({
  ebayLogistics: z.boolean({ error: 'ebayLogistics: true or false (eBay Logistics with an approved keyset)' }),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/**
 * Credentials entered by hand (Walmart client id and secret; Amazon's refresh token when the seller
 * self-authorised). Replacing them is rotating them; the old ones are gone.
 */
export const storeCredentialsSchema = z.object({
  clientId: z.string().trim().min(4, 'clientId: the client id the marketplace issued').max(200).optional(),
  clientSecret: z.string().trim().min(8, 'clientSecret: at least 8 characters').max(500).optional(),
  refreshToken: z.string().trim().min(8, 'refreshToken: at least 8 characters').max(2000).optional(),
  /** Shopify: a custom app's Admin API access token (shpat_…), instead of signing in through OAuth. */
  accessToken: z.string().trim().min(8, 'accessToken: at least 8 characters').max(500).optional(),
});
export type StoreCredentials = z.infer<typeof storeCredentialsSchema>;

/** The credentials each marketplace takes by hand; the others come from its own sign-in page. */
export const HAND_ENTERED_CREDENTIALS: Record<Provider, (keyof StoreCredentials)[]> = {
  amazon: ['refreshToken'],
  walmart: ['clientId', 'clientSecret'],
  ebay: ['refreshToken'],
  shopify: ['accessToken'],
};

/** Marketplaces whose sellers sign in on the marketplace's own page (OAuth) to connect a store. */
export const SIGNS_IN: Record<Provider, boolean> = { amazon: true, ebay: true, shopify: true, walmart: false };

/** A Shopify store is known by its shop domain (the sellerId of a Shopify store). */
export const SHOPIFY_SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The last four characters of a secret, never more. */
export const secretHint = (secret: string): string => `•••• ${secret.slice(-4)}`;

// ---- response bodies ----

export const storeRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  marketplace: z.enum(STORE_MARKETPLACES),
  name: z.string(),
  sellerId: z.string().nullable(),
  environment: z.enum(STORE_ENVIRONMENTS),
  connection: z.enum(CONNECTION_STATES),
  /** "•••• last 4" of the secret on file, or null. */
  credentialHint: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last error in plain words (what to do), or null. */
  lastError: z.string().nullable(),
  /** eBay stores: eBay Logistics asked for and quoted (see storeSettingsSchema); false for the others. */
  ebayLogistics: z.boolean(),
  /** When the store's orders were last pulled (null: never), and how many wait to be shipped. */
  ordersPulledAt: z.string().nullable(),
  openOrders: z.number().int(),
  createdAt: z.string(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

/** Where to send the seller to authorise Dockside (Amazon's consent page, or the sandbox's). */
export const authorizeUrlSchema = z.object({ url: z.string() });

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  connection: z.enum(CONNECTION_STATES),
  message: z.string(),
});

/** One call to a provider, as support reads it: secrets and personal data masked. */
export const integrationCallSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int().nullable(),
  provider: z.string(),
  operation: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  attempt: z.number().int(),
  error: z.string().nullable(),
  requestExcerpt: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  at: z.string(),
});
export type IntegrationCall = z.infer<typeof integrationCallSchema>;

// ---- the warehouse's own provider accounts (Company Credentials) ----

/** Each account the warehouse itself holds, with its fields: `secret` ones are write-only. */
export const ACCOUNT_KINDS = {
  amazon_app: [
    { name: 'applicationId', secret: false },
    { name: 'clientId', secret: false },
    { name: 'clientSecret', secret: true },
  ],
  ebay_app: [
    { name: 'clientId', secret: false },
    { name: 'clientSecret', secret: true },
    { name: 'ruName', secret: false },
  ],
  shopify_app: [
    { name: 'apiKey', secret: false },
    { name: 'apiSecret', secret: true },
  ],
  shipengine: [{ name: 'apiKey', secret: true }],
  freight: [
    { name: 'accountNumber', secret: false },
    { name: 'apiKey', secret: true },
  ],
  payments: [
    { name: 'publishableKey', secret: false },
    { name: 'secretKey', secret: true },
    { name: 'webhookSecret', secret: true },
  ],
} as const satisfies Record<string, readonly { name: string; secret: boolean }[]>;
export type AccountKind = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_KIND_NAMES = Object.keys(ACCOUNT_KINDS) as AccountKind[];

const field = (label: string) => z.string().trim().min(4, `${label}: at least 4 characters`).max(500);
/** What each account takes; entering it again replaces it (rotation). */
export const accountInputSchemas = {
  amazon_app: z.object({
    applicationId: z
      .string()
      .trim()
      .startsWith('amzn1.sp.solution.', 'applicationId: Amazon’s app id starts amzn1.sp.solution.'),
    clientId: z
      .string()
      .trim()
      .startsWith('amzn1.application-oa2-client.', 'clientId: the LWA client id starts amzn1.application-oa2-client.'),
    clientSecret: field('clientSecret'),
  }),
  ebay_app: z.object({
    clientId: field('clientId'),
    clientSecret: field('clientSecret'),
    ruName: field('ruName'),
  }),
  shopify_app: z.object({ apiKey: field('apiKey'), apiSecret: field('apiSecret') }),
  shipengine: z.object({ apiKey: field('apiKey') }),
  freight: z.object({ accountNumber: field('accountNumber'), apiKey: field('apiKey') }),
  payments: z.object({
    publishableKey: field('publishableKey'),
    secretKey: field('secretKey'),
    webhookSecret: field('webhookSecret'),
  }),
} as const satisfies Record<AccountKind, z.ZodType>;

export const providerAccountSchema = z.object({
  kind: z.enum(ACCOUNT_KIND_NAMES as [AccountKind, ...AccountKind[]]),
  configured: z.boolean(),
  /** Identifiers that are not secret, in clear; secrets as "•••• last 4". */
  values: z.record(z.string(), z.string()),
  updatedAt: z.string().nullable(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** An account tested with a real call: whether it worked, in words. */
export const accountTestSchema = z.object({ ok: z.boolean(), message: z.string() });

// ---- the local sandboxes (SANDBOX=on) ----

export const SANDBOX_PROVIDERS = ['amazon', 'walmart', 'ebay', 'shopify', 'shipengine', 'freight', 'payments'] as const;
export type SandboxProvider = (typeof SANDBOX_PROVIDERS)[number];

/** Share of a sandbox's calls that fail on purpose (throttled or a passing outage), for demos and drills. */
export const faultRateInputSchema = z.object({
  rate: z.number().min(0, 'rate: from 0').max(0.5, 'rate: at most 0.5 (one call in two)'),
});
export const sandboxFaultSchema = z.object({ provider: z.enum(SANDBOX_PROVIDERS), rate: z.number() });
export const sandboxResetSchema = z.object({ reset: z.boolean(), message: z.string() });
