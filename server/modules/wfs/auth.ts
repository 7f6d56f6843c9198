/**
 * A client's Walmart store connected for WFS (spec auth/create, auth/refresh-token/{id}), through
 * the stores module: the store is the existing one or a new one, the credentials are sealed by
 * `setCredentials` and tried at once by the same probe as "Test connection". A forced refresh
 * forgets the cached token and asks Walmart for a new one. Secrets and tokens never leave.
 */
import { and, eq } from 'drizzle-orm';
import type { StoreRow } from '../../../domain/schemas/stores.js';
import type { WfsAuthCreate, WfsAuthResult } from '../../../domain/schemas/wfs-endpoints.js';
import type { Deps, RequestContext } from '../../context.js';
import { stores } from '../../db/schema/index.js';
import { badRequest, businessRule, forbidden, notFound } from '../../http/errors.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { forgetToken } from '../../integrations/token-cache.js';
import { withStore } from '../stores/connection.js';
import {
  createStore,
  getStore,
  setCredentials,
  storeRecord,
  updateStore,
  type StoreRecord,
} from '../stores/service.js';
import { testConnection } from '../stores/test-connection.js';
import { walmartClientFor } from '../stores/walmart.js';

/** A Walmart store of the tenant: 404 outside it, 403 for a client's user on another client's store. */
async function walmartStore(deps: Deps, ctx: RequestContext, id: number): Promise<StoreRecord> {
  const [row] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.tenantId, ctx.tenantId)));
  if (!row) throw notFound('Store');
  if (ctx.isClient && row.companyId !== ctx.companyId) throw forbidden('That store belongs to another client');
  if (row.marketplace !== 'walmart') throw businessRule(`${row.name} is not a Walmart store`);
  return row;
}

export async function connectWfsStore(deps: Deps, ctx: RequestContext, input: WfsAuthCreate): Promise<WfsAuthResult> {
  let storeId = input.storeId;
  let created = false;
  if (storeId !== undefined) {
    const store = await walmartStore(deps, ctx, storeId);
    if (input.companyId && store.companyId !== input.companyId)
      throw businessRule(`${store.name} belongs to another client than the one named`);
  } else {
    if (input.name === undefined) throw badRequest('name: name the new store, or give the storeId of an existing one');
    const company = await resolveClientCompany(deps.db, ctx, input.companyId);
    // The client's Walmart store of that partner id (or name) takes the new credentials: no twin store.
    const [same] = await deps.db
      .select({ id: stores.id })
      .from(stores)
      .where(
        and(
          eq(stores.tenantId, ctx.tenantId),
          eq(stores.companyId, company.id),
          eq(stores.marketplace, 'walmart'),
          input.sellerId ? eq(stores.sellerId, input.sellerId) : eq(stores.name, input.name),
        ),
      )
      .limit(1);
    if (same) storeId = same.id;
    else {
      // The stores module lets a store into production only with its credentials: it starts in
      // the sandbox and moves once they are stored (below).
      const store = await createStore(deps, ctx, {
        companyId: company.id,
        marketplace: 'walmart',
        name: input.name,
        sellerId: input.sellerId,
        environment: 'sandbox',
      });
      storeId = store.id;
      created = true;
    }
  }
  await setCredentials(deps, ctx, storeId, { clientId: input.clientId, clientSecret: input.clientSecret });
  const stored = await storeRecord(deps.db, ctx, storeId);
  const environment = input.environment ?? (created ? 'sandbox' : stored.environment);
  if (environment !== stored.environment)
    await updateStore(deps, ctx, storeId, {
      name: stored.name,
      sellerId: stored.sellerId ?? undefined,
      environment: environment as 'sandbox' | 'production',
    });
  const tried = await testConnection(deps, ctx, storeId);
  return { store: await getStore(deps.db, ctx, storeId), created, connected: tried.ok, message: tried.message };
}

export async function refreshWfsToken(deps: Deps, ctx: RequestContext, id: number) {
  const store = await walmartStore(deps, ctx, id);
  if (!store.sealedCredentials) throw businessRule(`${store.name} has no Walmart credentials yet: connect it first`);
  forgetToken(store.id);
  await withStore(deps, store, () => walmartClientFor(deps, store).accessToken());
  const after = await storeRecord(deps.db, ctx, id);
  return { storeId: id, connection: after.connection as StoreRow['connection'], tokenExpiresAt: after.tokenExpiresAt! };
}
