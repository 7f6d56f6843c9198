/**
 * The warehouse's LTL freight broker: its own account from Company Credentials, or — without one,
 * when the sandboxes are on — the local sandbox under an account of its own (the key derived from
 * the server secret, so no other tenant reaches its bookings). The Freight tool books through this.
 */
import { createHmac } from 'node:crypto';
import type { Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { FreightClient } from '../../integrations/freight/client.js';
import { ProviderFailure } from '../../integrations/http.js';
import { accountValues } from '../stores/accounts.js';
import { callLog, clientOverrides, sandboxBase } from '../stores/connection.js';

export const FREIGHT_URL = 'https://api.freight-broker.example';

export async function freightFor(deps: Deps, tenantId: number): Promise<{ client: FreightClient; sandbox: boolean }> {
  const account = await accountValues(deps, tenantId, 'freight');
  const log = callLog(deps, { id: null, tenantId, companyId: null });
  if (account?.apiKey && account.accountNumber)
    return {
      client: new FreightClient({
        baseUrl: deps.config.freightUrl ?? FREIGHT_URL,
        accountNumber: account.accountNumber,
        apiKey: account.apiKey,
        log,
        ...clientOverrides,
      }),
      sandbox: false,
    };
  if (!deps.config.sandbox)
    throw businessRule('Enter the warehouse’s freight broker account in Company Credentials to quote and book LTL');
  const apiKey = createHmac('sha256', deps.config.jwtSecret).update(`freight-sandbox/${tenantId}`).digest('hex');
  return {
    client: new FreightClient({
      baseUrl: `${sandboxBase(deps)}/sandbox/freight`,
      accountNumber: `DOCK-${tenantId}`,
      apiKey,
      log,
      ...clientOverrides,
    }),
    sandbox: true,
  };
}

/** Company Credentials' "Test connection" for the broker: its bookings can be read. */
export async function testFreight(deps: Deps, tenantId: number): Promise<{ ok: boolean; message: string }> {
  const { client, sandbox } = await freightFor(deps, tenantId);
  try {
    const { total } = await client.shipments();
    return {
      ok: true,
      message: `The freight broker answered${sandbox ? ' (local sandbox)' : ''}: ${total} shipment(s) booked on the account`,
    };
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    return { ok: false, message: err.messages.join('; ') };
  }
}
