/**
 * Fee settings (issue 21; domain/fee-settings.ts): the tenant's values are tenant settings keyed
 * by the fee key, a client's overrides are COMPANY settings of the same key (the settings store
 * of spec §3). Every write is checked whole — one bad value refuses all of it (400, one message
 * per bad key) — and stores normalised JSON. Warehouse staff with feeSettings only (routes).
 *
 * Billing reads what applies with feeSettingsOf (override ?? tenant ?? default).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  FEE_SETTING_KEYS,
  feeSettingType,
  parseFeeSettingsWrite,
  resolveFeeSettings,
  storedFeeSettings,
  type FeeSettingKey,
  type FeeSettingStored,
  type FeeSettingValues,
} from '../../../domain/fee-settings.js';
import type { CompanyFeeSettings, FeeSettingsWrite, TenantFeeSettings } from '../../../domain/schemas/fee-settings.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, settings, tenantSettings } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';

const KEYS = FEE_SETTING_KEYS as string[];

async function tenantStored(db: DbOrTx, tenantId: number): Promise<FeeSettingStored> {
  const rows = await db
    .select({ settingKey: tenantSettings.settingKey, value: tenantSettings.value })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), inArray(tenantSettings.settingKey, KEYS)));
  return storedFeeSettings(rows);
}

async function companyStored(db: DbOrTx, tenantId: number, companyId: number): Promise<FeeSettingStored> {
  const rows = await db
    .select({ settingKey: settings.settingKey, value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, tenantId),
        eq(settings.referenceType, 'COMPANY'),
        eq(settings.referenceId, companyId),
        inArray(settings.settingKey, KEYS),
      ),
    );
  return storedFeeSettings(rows);
}

/**
 * The fee settings that apply to a client (or, without one, the tenant's): for billing. A stored
 * value that no longer parses reads as not set, so the next level applies.
 */
export async function feeSettingsOf(db: DbOrTx, tenantId: number, companyId?: number): Promise<FeeSettingValues> {
  const tenant = await tenantStored(db, tenantId);
  return resolveFeeSettings(tenant, companyId === undefined ? {} : await companyStored(db, tenantId, companyId));
}

function checked(input: FeeSettingsWrite) {
  const parsed = parseFeeSettingsWrite(input);
  if (!parsed.ok) throw badRequest(...parsed.messages.map((m) => `values.${m}`));
  return parsed;
}

export async function tenantFeeSettings(deps: Deps, ctx: RequestContext): Promise<TenantFeeSettings> {
  const stored = await tenantStored(deps.db, ctx.tenantId);
  return { stored, effective: resolveFeeSettings(stored) };
}

export async function writeTenantFeeSettings(
  deps: Deps,
  ctx: RequestContext,
  input: FeeSettingsWrite,
): Promise<TenantFeeSettings> {
  const { values, clear } = checked(input);
  await deps.db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(values) as [FeeSettingKey, unknown][]) {
      const json = JSON.stringify(value);
      const [before] = await tx
        .select()
        .from(tenantSettings)
        .where(and(eq(tenantSettings.tenantId, ctx.tenantId), eq(tenantSettings.settingKey, key)));
      if (before) {
        if (before.value === json) continue;
        const [after] = await tx
          .update(tenantSettings)
          .set({ value: json, settingType: feeSettingType(key), updatedAt: deps.now().toISOString() })
          .where(eq(tenantSettings.id, before.id))
          .returning();
        await audit(tx, ctx, 'tenant_setting', after.id, 'update', before, after);
      } else {
        const [created] = await tx
          .insert(tenantSettings)
          .values({ tenantId: ctx.tenantId, settingKey: key, settingType: feeSettingType(key), value: json })
          .returning();
        await audit(tx, ctx, 'tenant_setting', created.id, 'create', null, created);
      }
    }
    if (clear.length) {
      const gone = await tx
        .delete(tenantSettings)
        .where(and(eq(tenantSettings.tenantId, ctx.tenantId), inArray(tenantSettings.settingKey, clear)))
        .returning();
      for (const row of gone) await audit(tx, ctx, 'tenant_setting', row.id, 'delete', row, null);
    }
  });
  return tenantFeeSettings(deps, ctx);
}

/** A client company of the caller's tenant (the warehouse's own company has no overrides); else 404. */
async function clientCompany(db: DbOrTx, ctx: RequestContext, companyId: number): Promise<number> {
  const [company] = await db
    .select({ id: companies.id, isOwner: companies.isOwner })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, ctx.tenantId)));
  if (!company || company.isOwner) throw notFound('Client');
  return company.id;
}

export async function companyFeeSettings(
  deps: Deps,
  ctx: RequestContext,
  companyId: number,
): Promise<CompanyFeeSettings> {
  await clientCompany(deps.db, ctx, companyId);
  const tenant = await tenantStored(deps.db, ctx.tenantId);
  const overrides = await companyStored(deps.db, ctx.tenantId, companyId);
  return { companyId, tenant, overrides, effective: resolveFeeSettings(tenant, overrides) };
}

export async function writeCompanyFeeSettings(
  deps: Deps,
  ctx: RequestContext,
  companyId: number,
  input: FeeSettingsWrite,
): Promise<CompanyFeeSettings> {
  await clientCompany(deps.db, ctx, companyId);
  const { values, clear } = checked(input);
  await deps.db.transaction(async (tx) => {
    const ref = and(
      eq(settings.tenantId, ctx.tenantId),
      eq(settings.referenceType, 'COMPANY'),
      eq(settings.referenceId, companyId),
    );
    for (const [key, value] of Object.entries(values) as [FeeSettingKey, unknown][]) {
      const json = JSON.stringify(value);
      const [before] = await tx
        .select()
        .from(settings)
        .where(and(ref, eq(settings.settingKey, key)));
      if (before) {
        if (before.value === json) continue;
        const [after] = await tx
          .update(settings)
          .set({ value: json, settingType: feeSettingType(key), updatedAt: deps.now().toISOString() })
          .where(eq(settings.id, before.id))
          .returning();
        await audit(tx, ctx, 'setting', after.id, 'update', before, after);
      } else {
        const [created] = await tx
          .insert(settings)
          .values({
            tenantId: ctx.tenantId,
            companyId,
            referenceType: 'COMPANY',
            referenceId: companyId,
            settingType: feeSettingType(key),
            settingKey: key,
            settingName: 'Fee setting',
            value: json,
          })
          .returning();
        await audit(tx, ctx, 'setting', created.id, 'create', null, created);
      }
    }
    if (clear.length) {
      const gone = await tx
        .delete(settings)
        .where(and(ref, inArray(settings.settingKey, clear)))
        .returning();
      for (const row of gone) await audit(tx, ctx, 'setting', row.id, 'delete', row, null);
    }
  });
  return companyFeeSettings(deps, ctx, companyId);
}

/** Every override of the client cleared: the warehouse's values apply again. */
export const clearCompanyFeeSettings = (deps: Deps, ctx: RequestContext, companyId: number) =>
  writeCompanyFeeSettings(deps, ctx, companyId, { values: {}, clear: FEE_SETTING_KEYS });

export type FeeSource = 'clientFee' | 'tenantFee' | 'default';

/** The fee settings that apply to a client, with where each value came from (billing's rule). */
export async function feeSettingsWithSources(
  db: DbOrTx,
  tenantId: number,
  companyId: number,
): Promise<{ values: FeeSettingValues; sourceOf: (key: FeeSettingKey) => FeeSource }> {
  const tenant = await tenantStored(db, tenantId);
  const override = await companyStored(db, tenantId, companyId);
  return {
    values: resolveFeeSettings(tenant, override),
    sourceOf: (key) => (key in override ? 'clientFee' : key in tenant ? 'tenantFee' : 'default'),
  };
}
