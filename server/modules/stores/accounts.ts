/**
 * Company Credentials: the warehouse's own provider accounts (Amazon developer app, shipping-rate
 * aggregator, freight broker, card payments). Sealed at rest; identifiers shown in clear, secrets
 * only as "•••• last 4"; entering an account again replaces it.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCOUNT_KIND_NAMES,
  ACCOUNT_KINDS,
  accountInputSchemas,
  secretHint,
  type AccountKind,
  type ProviderAccount,
} from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { providerAccounts } from '../../db/schema/index.js';
import { open, seal } from '../../crypto/secret-box.js';
import { badRequest, notFound } from '../../http/errors.js';

const stored = z.record(z.string(), z.string());

function shown(kind: AccountKind, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    ACCOUNT_KINDS[kind]
      .filter((f) => values[f.name])
      .map((f) => [f.name, f.secret ? secretHint(values[f.name]) : values[f.name]]),
  );
}

/** The tenant's account of a kind, opened (for the integration code only). */
export async function accountValues(
  deps: Deps,
  tenantId: number,
  kind: AccountKind,
  db: DbOrTx = deps.db,
): Promise<Record<string, string> | null> {
  const [row] = await db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts.tenantId, tenantId), eq(providerAccounts.kind, kind)));
  return row ? stored.parse(JSON.parse(open(deps.config.jwtSecret, row.sealedValues))) : null;
}

export async function listAccounts(deps: Deps, ctx: RequestContext): Promise<ProviderAccount[]> {
  const rows = await deps.db.select().from(providerAccounts).where(eq(providerAccounts.tenantId, ctx.tenantId));
  return ACCOUNT_KIND_NAMES.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return { kind, configured: false, values: {}, updatedAt: null };
    const values = stored.parse(JSON.parse(open(deps.config.jwtSecret, row.sealedValues)));
    return { kind, configured: true, values: shown(kind, values), updatedAt: row.updatedAt };
  });
}

export const isAccountKind = (k: string): k is AccountKind => (ACCOUNT_KIND_NAMES as string[]).includes(k);

export async function saveAccount(
  deps: Deps,
  ctx: RequestContext,
  kind: AccountKind,
  body: unknown,
): Promise<ProviderAccount> {
  const parsed = accountInputSchemas[kind].safeParse(body);
  if (!parsed.success) throw badRequest(...parsed.error.issues.map((i) => i.message));
  const values = parsed.data as Record<string, string>;
  const sealed = seal(deps.config.jwtSecret, JSON.stringify(values));
  const now = new Date().toISOString();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(providerAccounts)
      .values({ tenantId: ctx.tenantId, kind, sealedValues: sealed })
      .onConflictDoUpdate({
        target: [providerAccounts.tenantId, providerAccounts.kind],
        set: { sealedValues: sealed, updatedAt: now },
      });
    // The trail says which account changed, shown as the screen shows it: never a secret.
    await audit(tx, ctx, 'provider_account', kind, 'update', null, shown(kind, values));
  });
  return { kind, configured: true, values: shown(kind, values), updatedAt: now };
}

export async function removeAccount(deps: Deps, ctx: RequestContext, kind: AccountKind): Promise<{ deleted: true }> {
  const gone = await deps.db
    .delete(providerAccounts)
    .where(and(eq(providerAccounts.tenantId, ctx.tenantId), eq(providerAccounts.kind, kind)))
    .returning({ id: providerAccounts.id });
  if (!gone.length) throw notFound('Account');
  await audit(deps.db, ctx, 'provider_account', kind, 'delete', null, null);
  return { deleted: true };
}
