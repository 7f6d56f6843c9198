/**
 * The settings service (spec §3 setting record): values are JSON text keyed by
 * (referenceType, referenceId, settingKey) within a tenant.
 * Who may touch a setting:
 *  - USER: the user themself; an administrator (generalSettings update) for users in their scope.
 *  - COMPANY: that company's users with myCompany; the warehouse with generalSettings.
 *  - STORE / WAREHOUSE / FRANCHISE: warehouse staff with generalSettings; a client for its own companyId.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { can } from '../../../domain/permissions.js';
import type {
  SettingWrite,
  settingReferenceQuerySchema,
  settingUpdateSchema,
  tenantSettingWriteSchema,
} from '../../../domain/schemas/settings.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, settings, tenantSettings, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, refusal } from '../../http/errors.js';
import { parseTenantSetting } from '../../../domain/settings-keys.js';
import { isFeeSettingKey } from '../../../domain/fee-settings.js';

/** Fees (FREE_STORAGE_DAY_COUNT …) are typed and warehouse-only: written through /api/settings/fees alone. */
function notAFee(settingKey: string): void {
  if (isFeeSettingKey(settingKey))
    throw badRequest(`${settingKey} is a fee setting: change it under Fee settings (/api/settings/fees)`);
}

type Row = typeof settings.$inferSelect;
const isAdmin = (ctx: RequestContext, action: 'read' | 'update') => can(ctx.abilities, action, 'generalSettings');

/** Rows the caller can read: theirs, their company's, and (warehouse admins) the tenant's. */
function readable(ctx: RequestContext): SQL {
  const tenant = eq(settings.tenantId, ctx.tenantId);
  if (!ctx.isClient && isAdmin(ctx, 'read')) return tenant;
  return and(tenant, eq(settings.companyId, ctx.companyId)) as SQL;
}

function canRead(ctx: RequestContext, row: Pick<Row, 'referenceType' | 'referenceId' | 'companyId'>): boolean {
  if (row.referenceType === 'USER' && row.referenceId === ctx.userId) return true;
  if (!ctx.isClient && isAdmin(ctx, 'read')) return true;
  if (row.companyId !== ctx.companyId) return false;
  return row.referenceType !== 'USER'; // another user's personal settings stay theirs
}

/** Resolves and checks the company a write belongs to; throws 403/404 when the caller may not write it. */
async function writableCompany(
  tx: DbOrTx,
  ctx: RequestContext,
  input: Pick<SettingWrite, 'referenceType' | 'referenceId' | 'companyId'>,
): Promise<number> {
  if (input.referenceType === 'USER') {
    const [user] = await tx
      .select({ companyId: users.companyId })
      .from(users)
      .where(and(eq(users.id, input.referenceId), eq(users.tenantId, ctx.tenantId)));
    if (!user) throw notFound('User');
    if (input.referenceId === ctx.userId) return user.companyId;
    const inScope = !ctx.isClient || user.companyId === ctx.companyId;
    if (!inScope) throw notFound('User');
    if (!isAdmin(ctx, 'update') && !can(ctx.abilities, 'update', 'myCompany'))
      throw forbidden(refusal('refusals.ownSettingsOnly'));
    return user.companyId;
  }
  if (input.referenceType === 'COMPANY') {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, input.referenceId), eq(companies.tenantId, ctx.tenantId)));
    if (!company || (ctx.isClient && company.id !== ctx.companyId)) throw notFound('Company');
    const own = company.id === ctx.companyId && can(ctx.abilities, 'update', 'myCompany');
    if (!own && !(!ctx.isClient && isAdmin(ctx, 'update')))
      throw forbidden('You need generalSettings or myCompany update permission');
    return company.id;
  }
  const companyId = input.companyId ?? ctx.companyId;
  if (ctx.isClient && companyId !== ctx.companyId) throw notFound('Company');
  if (!ctx.isClient && !isAdmin(ctx, 'update')) throw forbidden('You need generalSettings update permission');
  if (ctx.isClient && !can(ctx.abilities, 'update', 'myCompany'))
    throw forbidden('You need myCompany update permission');
  return companyId;
}

export const listSettings = (deps: Deps, ctx: RequestContext, settingKey?: string) =>
  deps.db
    .select()
    .from(settings)
    .where(and(readable(ctx), settingKey ? eq(settings.settingKey, settingKey) : undefined))
    .orderBy(asc(settings.settingKey), asc(settings.id))
    .then((rows) => rows.filter((r) => canRead(ctx, r)));

export async function getSetting(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await deps.db
    .select()
    .from(settings)
    .where(and(eq(settings.id, id), eq(settings.tenantId, ctx.tenantId)));
  if (!row || !canRead(ctx, row)) throw notFound('Setting');
  return row;
}

export async function companySettings(deps: Deps, ctx: RequestContext, companyId: number) {
  if (ctx.isClient && companyId !== ctx.companyId) throw notFound('Company');
  const rows = await deps.db
    .select()
    .from(settings)
    .where(and(eq(settings.tenantId, ctx.tenantId), eq(settings.companyId, companyId)))
    .orderBy(asc(settings.settingKey));
  return rows.filter((r) => canRead(ctx, r));
}

/** Null (not 404) when nothing is stored yet: a missing preference is normal. */
export async function byReference(deps: Deps, ctx: RequestContext, q: z.infer<typeof settingReferenceQuerySchema>) {
  const [row] = await deps.db
    .select()
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, ctx.tenantId),
        eq(settings.referenceType, q.referenceType),
        eq(settings.referenceId, q.referenceId),
        eq(settings.settingKey, q.settingKey),
      ),
    );
  if (!row) return null;
  if (!canRead(ctx, row)) throw notFound('Setting');
  return row;
}

async function findByReference(tx: DbOrTx, ctx: RequestContext, input: SettingWrite) {
  const [row] = await tx
    .select()
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, ctx.tenantId),
        eq(settings.referenceType, input.referenceType),
        eq(settings.referenceId, input.referenceId),
        eq(settings.settingKey, input.settingKey),
      ),
    );
  return row;
}

export async function createSetting(deps: Deps, ctx: RequestContext, input: SettingWrite, upsert = false) {
  notAFee(input.settingKey);
  return deps.db.transaction(async (tx) => {
    const companyId = await writableCompany(tx, ctx, input);
    const existing = await findByReference(tx, ctx, input);
    if (existing && !upsert)
      throw conflict(
        `${input.settingKey} already exists for this ${input.referenceType.toLowerCase()}; update it instead`,
      );
    const values = { ...input, companyId, tenantId: ctx.tenantId };
    if (existing) {
      const [after] = await tx
        .update(settings)
        .set({ ...values, updatedAt: deps.now().toISOString() })
        .where(eq(settings.id, existing.id))
        .returning();
      await audit(tx, ctx, 'setting', after.id, 'update', existing, after);
      return after;
    }
    const [created] = await tx.insert(settings).values(values).returning();
    await audit(tx, ctx, 'setting', created.id, 'create', null, created);
    return created;
  });
}

export async function updateSetting(deps: Deps, ctx: RequestContext, input: z.infer<typeof settingUpdateSchema>) {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(settings)
      .where(and(eq(settings.id, input.id), eq(settings.tenantId, ctx.tenantId)));
    if (!before || !canRead(ctx, before)) throw notFound('Setting');
    notAFee(before.settingKey);
    await writableCompany(tx, ctx, {
      referenceType: before.referenceType as SettingWrite['referenceType'],
      referenceId: before.referenceId,
      companyId: before.companyId,
    });
    const [after] = await tx
      .update(settings)
      .set({
        value: input.value,
        settingName: input.settingName ?? before.settingName,
        description: input.description ?? before.description,
        updatedAt: deps.now().toISOString(),
      })
      .where(eq(settings.id, input.id))
      .returning();
    await audit(tx, ctx, 'setting', input.id, 'update', before, after);
    return after;
  });
}

export async function deleteSetting(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(settings)
      .where(and(eq(settings.id, id), eq(settings.tenantId, ctx.tenantId)));
    if (!before || !canRead(ctx, before)) throw notFound('Setting');
    notAFee(before.settingKey);
    await writableCompany(tx, ctx, {
      referenceType: before.referenceType as SettingWrite['referenceType'],
      referenceId: before.referenceId,
      companyId: before.companyId,
    });
    await tx.delete(settings).where(eq(settings.id, id));
    await audit(tx, ctx, 'setting', id, 'delete', before, null);
  });
  return { deleted: true };
}

// ---- tenant settings ----
export const listTenantSettings = (deps: Deps, ctx: RequestContext) =>
  deps.db
    .select()
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, ctx.tenantId))
    .orderBy(asc(tenantSettings.settingKey));

export async function getTenantSetting(deps: Deps, ctx: RequestContext, key: string) {
  const [row] = await deps.db
    .select()
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, ctx.tenantId), eq(tenantSettings.settingKey, key)));
  if (!row) throw notFound('Tenant setting');
  return row;
}

export async function upsertTenantSetting(
  deps: Deps,
  ctx: RequestContext,
  raw: z.infer<typeof tenantSettingWriteSchema>,
) {
  // Typed settings (domain/settings-keys.ts): a value outside the setting's range or choices is
  // refused, and what is stored is the normalised JSON of the typed value.
  const parsed = parseTenantSetting(raw.settingKey, raw.value);
  if (!parsed.ok) throw badRequest(`value: ${parsed.message}`);
  const input = { ...raw, value: JSON.stringify(parsed.value) };
  const saved = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tenantSettings)
      .where(and(eq(tenantSettings.tenantId, ctx.tenantId), eq(tenantSettings.settingKey, input.settingKey)));
    if (before) {
      const [after] = await tx
        .update(tenantSettings)
        .set({ ...input, updatedAt: deps.now().toISOString() })
        .where(eq(tenantSettings.id, before.id))
        .returning();
      await audit(tx, ctx, 'tenant_setting', after.id, 'update', before, after);
      return after;
    }
    const [created] = await tx
      .insert(tenantSettings)
      .values({ ...input, tenantId: ctx.tenantId })
      .returning();
    await audit(tx, ctx, 'tenant_setting', created.id, 'create', null, created);
    return created;
  });
  // Who-may-do-what is cached per user (MFA_REQUIRED changes it): read afresh from now on.
  deps.principals.invalidate();
  return saved;
}

export async function deleteTenantSetting(deps: Deps, ctx: RequestContext, key: string) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tenantSettings)
      .where(and(eq(tenantSettings.tenantId, ctx.tenantId), eq(tenantSettings.settingKey, key)));
    if (!before) throw notFound('Tenant setting');
    await tx.delete(tenantSettings).where(eq(tenantSettings.id, before.id));
    await audit(tx, ctx, 'tenant_setting', before.id, 'delete', before, null);
  });
  deps.principals.invalidate();
  return { deleted: true };
}
