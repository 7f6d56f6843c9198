/**
 * Clients' stores (common hub): list, add, edit, remove, and write-only credentials. Warehouse
 * users see the stores of all their clients; a client only its own (scoped in every query).
 * Secrets are sealed before they touch the database and never come back out of this module:
 * answers carry `credentialHint` ("•••• 1a2b"), the audit trail only that hint.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  providerOf,
  secretHint,
  SHOPIFY_SHOP,
  HAND_ENTERED_CREDENTIALS,
  type AccountKind,
  type Provider,
  type StoreMarketplace,
  type StoreCreate,
  type StoreCredentials,
  type StoreRow,
  type StoreSettings,
} from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, integrationCalls, marketplaceOrders, storePulls, stores } from '../../db/schema/index.js';
import { open, seal } from '../../crypto/secret-box.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { badRequest, businessRule, notFound } from '../../http/errors.js';
import { forgetToken } from '../../integrations/token-cache.js';
import { accountValues } from './accounts.js';
import { z } from 'zod';
import { outer } from '../../db/outer.js';

export type StoreRecord = typeof stores.$inferSelect;

const rowColumns = {
  id: stores.id,
  companyId: stores.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  marketplace: stores.marketplace,
  name: stores.name,
  sellerId: stores.sellerId,
  environment: stores.environment,
  connection: stores.connection,
  credentialHint: stores.credentialHint,
  tokenExpiresAt: stores.tokenExpiresAt,
  lastSuccessAt: stores.lastSuccessAt,
  lastError: stores.lastError,
  ebayLogistics: stores.ebayLogistics,
  ordersPulledAt: storePulls.lastPulledAt,
  openOrders: sql<number>`(select count(*)::int from ${marketplaceOrders} mo
    where mo.store_id = ${outer(stores.id)} and mo.status in ('AWAITING', 'PARTIALLY_SHIPPED'))`,
  createdAt: stores.createdAt,
};
const ordersPull = and(eq(storePulls.storeId, stores.id), eq(storePulls.kind, 'orders'));

/** Tenant always; a client's users only their own company's stores. */
const scope = (ctx: RequestContext): SQL =>
  and(eq(stores.tenantId, ctx.tenantId), ctx.isClient ? eq(stores.companyId, ctx.companyId) : undefined)!;

export async function listStores(deps: Deps, ctx: RequestContext, companyId?: number): Promise<StoreRow[]> {
  const rows = await deps.db
    .select(rowColumns)
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .leftJoin(storePulls, ordersPull)
    .where(and(scope(ctx), companyId ? eq(stores.companyId, companyId) : undefined))
    .orderBy(asc(companies.name), asc(stores.name));
  return rows as StoreRow[];
}

export async function getStore(db: DbOrTx, ctx: RequestContext, id: number): Promise<StoreRow> {
  const [row] = await db
    .select(rowColumns)
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .leftJoin(storePulls, ordersPull)
    .where(and(eq(stores.id, id), scope(ctx)));
  if (!row) throw notFound('Store');
  return row as StoreRow;
}

/** The stored record, in scope, for the integration code (never answered as is). */
export async function storeRecord(db: DbOrTx, ctx: RequestContext, id: number): Promise<StoreRecord> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), scope(ctx)));
  if (!row) throw notFound('Store');
  return row;
}

const storedCredentialsSchema = z.object({
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  refreshToken: z.string().optional(),
  accessToken: z.string().optional(),
});

export function credentialsOf(
  deps: Deps,
  store: Pick<StoreRecord, 'sealedCredentials'> & { name?: string },
): StoreCredentials {
  if (!store.sealedCredentials) return {};
  let text: string;
  try {
    text = open(deps.config.jwtSecret, store.sealedCredentials);
  } catch {
    // Sealed with another secret (JWT_SECRET changed, a database moved between servers): the
    // authorisation is lost, not the store; connecting again seals it anew.
    throw businessRule(
      `${store.name ?? 'The store'}’s saved authorisation cannot be read by this server (its secret changed): reconnect the store (Merchant Connect)`,
    );
  }
  return storedCredentialsSchema.parse(JSON.parse(text));
}

/** The warehouse account a production store signs in through (none: the store's own keys suffice). */
const APP_ACCOUNT: Record<Provider, { kind: AccountKind; name: string } | null> = {
  amazon: { kind: 'amazon_app', name: 'Amazon developer app' },
  ebay: { kind: 'ebay_app', name: 'eBay developer keyset' },
  shopify: null,
  walmart: null,
};

async function assertEnvironment(
  deps: Deps,
  db: DbOrTx,
  tenantId: number,
  env: string,
  marketplace: string,
  creds: StoreCredentials,
): Promise<void> {
  if (env === 'sandbox' && !deps.config.sandbox)
    throw businessRule('The local sandboxes are switched off on this server (SANDBOX=off): use production credentials');
  if (env !== 'production') return;
  const provider = providerOf(marketplace as StoreMarketplace);
  // Amazon and eBay sellers authorise on the marketplace, through the warehouse's developer app.
  const app = APP_ACCOUNT[provider];
  if (app) {
    if (!(await accountValues(deps, tenantId, app.kind, db)))
      throw businessRule(
        `Production ${NAMES[provider]} stores need the warehouse’s ${app.name}: enter it in Company Credentials`,
      );
    return;
  }
  // A Shopify shop installs the warehouse's app, or gives a custom app's token.
  if (provider === 'shopify') {
    if (creds.accessToken || (await accountValues(deps, tenantId, 'shopify_app', db))) return;
    throw businessRule(
      'A production Shopify store needs the warehouse’s Shopify app (Company Credentials) or the shop’s custom app token',
    );
  }
  if (!creds.clientId || !creds.clientSecret)
    throw businessRule(
      'A store goes to production only with complete credentials: enter its client id and secret first',
    );
}

const NAMES: Record<Provider, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' };

function assertShopDomain(marketplace: string, sellerId: string | undefined): void {
  if (marketplace === 'shopify' && !(sellerId && SHOPIFY_SHOP.test(sellerId)))
    throw badRequest('sellerId: a Shopify store is its shop’s myshopify.com domain, e.g. acme-goods.myshopify.com');
}

export async function createStore(deps: Deps, ctx: RequestContext, input: StoreCreate): Promise<StoreRow> {
  assertShopDomain(input.marketplace, input.sellerId);
  await assertEnvironment(deps, deps.db, ctx.tenantId, input.environment, input.marketplace, {});
  return deps.db.transaction(async (tx) => {
    const company = await resolveClientCompany(tx, ctx, input.companyId);
    const [created] = await tx
      .insert(stores)
      .values({
        tenantId: ctx.tenantId,
        companyId: company.id,
        marketplace: input.marketplace,
        name: input.name,
        sellerId: input.sellerId || null,
        environment: input.environment,
      })
      .returning();
    await audit(tx, ctx, 'store', created.id, 'create', null, publicFields(created));
    return getStore(tx, ctx, created.id);
  });
}

export async function updateStore(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: { name: string; sellerId?: string; environment: 'sandbox' | 'production' },
): Promise<StoreRow> {
  return deps.db.transaction(async (tx) => {
    const before = await storeRecord(tx, ctx, id);
    assertShopDomain(before.marketplace, input.sellerId);
    // Inside the transaction: on the embedded database a second connection would wait for this one.
    await assertEnvironment(deps, tx, ctx.tenantId, input.environment, before.marketplace, credentialsOf(deps, before));
    const changedWorld = before.environment !== input.environment;
    const [after] = await tx
      .update(stores)
      .set({
        name: input.name,
        sellerId: input.sellerId || null,
        environment: input.environment,
        // Sandbox tokens mean nothing to the provider, and the other way round: connect again.
        ...(changedWorld ? { connection: 'not_connected', lastError: null, tokenExpiresAt: null } : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(stores.id, id))
      .returning();
    if (changedWorld) {
      // The sandbox's orders were never real (nor the other way round): the store starts afresh.
      await tx.delete(marketplaceOrders).where(eq(marketplaceOrders.storeId, id));
      await tx.delete(storePulls).where(eq(storePulls.storeId, id));
      forgetToken(id);
    }
    await audit(tx, ctx, 'store', id, 'update', publicFields(before), publicFields(after));
    return getStore(tx, ctx, id);
  });
}

/** What changing a store's eBay Logistics setting means for it, in words. */
function ebayLogisticsMessage(p: { was: boolean; on: boolean; live: boolean; held: boolean }): string {
  if (p.was === p.on) return `eBay Logistics is already ${p.on ? 'on' : 'off'} for this store`;
  if (!p.live)
    return 'Saved. Sandbox stores always get eBay Logistics rates; the setting counts once the store goes to production';
  if (p.on && p.held)
    return 'eBay Logistics on: reconnect the store to grant eBay Logistics on eBay’s consent page (until then eBay refuses the store’s calls)';
  if (p.on) return 'eBay Logistics on: connecting the store asks the seller to grant eBay Logistics too';
  return 'eBay Logistics off: Dockside no longer asks eBay for it and the store’s orders are quoted by the aggregator alone; its eBay authorisation keeps working (reconnect to drop eBay Logistics from it too)';
}

/**
 * The store's own settings (eBay Logistics for an eBay store). Turning eBay Logistics on for a
 * production store that holds eBay's authorisation changes what Dockside asks eBay for: the
 * authorisation on file need not cover sell.logistics (eBay refuses a refresh asking more than the
 * seller consented to), so the store needs reconnecting. Turning it off asks eBay for less, which a
 * refresh may: the authorisation keeps working (reconnecting drops the grant at eBay too). Sandbox
 * stores always use eBay Logistics, so for them the setting only waits for production.
 */
export async function setStoreSettings(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: StoreSettings,
): Promise<{ store: StoreRow; message: string; reconnect: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    const before = await storeRecord(tx, ctx, id);
    if (providerOf(before.marketplace as StoreMarketplace) !== 'ebay')
      throw badRequest('ebayLogistics: only eBay stores buy labels through eBay Logistics');
    const on = input.ebayLogistics;
    const live = before.environment === 'production';
    const held = before.connection !== 'not_connected';
    const message = ebayLogisticsMessage({ was: before.ebayLogistics, on, live, held });
    if (before.ebayLogistics === on) return { message, changed: false, reconnect: false };
    const reconnect = live && held && on;
    await tx
      .update(stores)
      .set({
        ebayLogistics: on,
        ...(reconnect ? { connection: 'reconnect_needed', lastError: message } : {}),
        // Off after eBay refused the scope at consent: what was said there no longer applies.
        ...(live && !on && before.connection === 'reconnect_needed'
          ? { lastError: 'eBay Logistics is off: connect the store again (eBay’s consent no longer asks for it)' }
          : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(stores.id, id));
    await audit(tx, ctx, 'store', id, 'update', { ebayLogistics: before.ebayLogistics }, { ebayLogistics: on });
    return { message, changed: true, reconnect };
  });
  // The cached access token was minted for the old scopes.
  if (result.changed) forgetToken(id);
  return { store: await getStore(deps.db, ctx, id), message: result.message, reconnect: result.reconnect };
}

export async function deleteStore(deps: Deps, ctx: RequestContext, id: number): Promise<{ deleted: true }> {
  await deps.db.transaction(async (tx) => {
    const before = await storeRecord(tx, ctx, id);
    await tx.delete(stores).where(eq(stores.id, id));
    await audit(tx, ctx, 'store', id, 'delete', publicFields(before), null);
  });
  forgetToken(id);
  return { deleted: true };
}

/**
 * What new credentials for the store would be: the fields given over the stored ones (fields left
 * out keep their stored value), checked to be the store's marketplace's kind. Answers them sealed,
 * and the secret whose last four characters name them.
 */
export function newCredentials(
  deps: Deps,
  store: StoreRecord,
  input: StoreCredentials,
): { sealed: string; newest: string } {
  const given = stripEmpty(input);
  if (!Object.keys(given).length) throw businessRule('Enter at least one credential to store');
  const provider = providerOf(store.marketplace as StoreMarketplace);
  const foreign = (Object.keys(given) as (keyof StoreCredentials)[]).filter(
    (k) => !HAND_ENTERED_CREDENTIALS[provider].includes(k),
  );
  if (foreign.length)
    throw badRequest(
      ...foreign.map(
        (k) => `${k}: a ${NAMES[provider]} store takes ${HAND_ENTERED_CREDENTIALS[provider].join(' and ')}, not ${k}`,
      ),
    );
  const merged = { ...credentialsOf(deps, store), ...given };
  return {
    sealed: seal(deps.config.jwtSecret, JSON.stringify(merged)),
    newest: given.clientSecret ?? given.refreshToken ?? given.accessToken ?? given.clientId!,
  };
}

/** The store's credentials replaced by sealed ones, with its health as the caller found it. */
export async function saveCredentials(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  creds: { sealed: string; newest: string },
  health: Pick<StoreRecord, 'connection' | 'tokenExpiresAt'> & { lastSuccessAt?: string },
): Promise<StoreRow> {
  return deps.db.transaction(async (tx) => {
    const before = await storeRecord(tx, ctx, id);
    await tx
      .update(stores)
      .set({
        sealedCredentials: creds.sealed,
        credentialHint: secretHint(creds.newest),
        ...health,
        lastError: null,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(stores.id, id));
    forgetToken(id);
    // The trail says that credentials changed and which (by hint), never what they are.
    await audit(
      tx,
      ctx,
      'store',
      id,
      'update',
      { credentialHint: before.credentialHint },
      { credentialHint: secretHint(creds.newest) },
    );
    return getStore(tx, ctx, id);
  });
}

/**
 * New credentials stored as they are, untried: the store waits for a test (not connected). For
 * callers that try them at once themselves and say how it went (WFS auth/create); Merchant Connect
 * tries them first and keeps the working ones on a refusal (credentials.ts, replaceCredentials).
 */
export async function setCredentials(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: StoreCredentials,
): Promise<StoreRow> {
  const creds = newCredentials(deps, await storeRecord(deps.db, ctx, id), input);
  return saveCredentials(deps, ctx, id, creds, { connection: 'not_connected', tokenExpiresAt: null });
}

const stripEmpty = (c: StoreCredentials): StoreCredentials =>
  Object.fromEntries(Object.entries(c).filter(([, v]) => typeof v === 'string' && v.length > 0));

/** A store as the audit trail may keep it: no sealed secrets, no OAuth state. */
function publicFields(s: StoreRecord) {
  const { sealedCredentials: _sealed, oauthState: _state, ...rest } = s;
  return rest;
}

/** Support's view of the calls made for a store, newest first (already masked when written). */
export async function listCalls(deps: Deps, ctx: RequestContext, storeId: number, limit = 100) {
  await storeRecord(deps.db, ctx, storeId);
  const rows = await deps.db
    .select()
    .from(integrationCalls)
    .where(and(eq(integrationCalls.tenantId, ctx.tenantId), eq(integrationCalls.storeId, storeId)))
    .orderBy(desc(integrationCalls.id))
    .limit(Math.min(limit, 500));
  return rows.map(({ tenantId: _t, companyId: _c, ...r }) => r);
}
