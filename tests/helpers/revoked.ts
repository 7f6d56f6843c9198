/**
 * A store whose stored credentials stopped working — as when the seller revokes Dockside on the
 * marketplace, or rotates the keys there. Merchant Connect never stores credentials the
 * marketplace refuses (it tries them first), so tests of what a refused token does write the
 * sealed credentials straight onto the store, as time would leave them (the access token minted
 * from the old ones expired too).
 */
import { eq } from 'drizzle-orm';
import { secretHint, type StoreCredentials } from '../../domain/schemas/stores.js';
import { seal } from '../../server/crypto/secret-box.js';
import { stores } from '../../server/db/schema/index.js';
import { forgetToken } from '../../server/integrations/token-cache.js';
import type { TestServer } from './server.js';

export async function credentialsGoneStale(s: TestServer, storeId: number, creds: StoreCredentials): Promise<void> {
  const newest = creds.clientSecret ?? creds.refreshToken ?? creds.accessToken ?? creds.clientId ?? '';
  await s.db
    .update(stores)
    .set({
      sealedCredentials: seal(s.deps.config.jwtSecret, JSON.stringify(creds)),
      credentialHint: secretHint(newest),
    })
    .where(eq(stores.id, storeId));
  forgetToken(storeId);
}
