/** Companies of a tenant (the warehouse's own and its clients), their addresses, warehouses and departments. */
import { likeContains } from '../../http/like.js';
import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Audience } from '../../../domain/enums.js';
import { companyTypeOf } from '../../../domain/permissions.js';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import type {
  addressSchema,
  companyCreateSchema,
  companyListQuerySchema,
  companyUpdateSchema,
  departmentSchema,
  WarehouseInput,
} from '../../../domain/schemas/company.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { hashPassword } from '../../auth/passwords.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import type { DbOrTx } from '../../db/client.js';
import { addresses, companies, departments, inventoryProductTotals, users, warehouses } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, forbidden, notFound, refusal } from '../../http/errors.js';
import { paged } from '../../http/paging.js';
import { scoped, seesAllCompanies } from '../../http/scope.js';
import { assertPasswordPolicy } from '../account/password-policy.js';
import { createClientCompany, findRole } from '../tenants/bootstrap.js';
import { ADMIN_ROLE, NEW_COMPANY_ROLE } from '../roles/defaults.js';
import { companyChange, recordChanges } from '../../feed/changes.js';
import { outer } from '../../db/outer.js';

export async function companyInScope(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [company] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), scoped(ctx, companies.tenantId, companies.id)));
  if (!company) throw notFound('Company');
  return company;
}

/**
 * A client's size (spec §3's unit-size filter) is what it holds here now: the units on hand summed
 * from the per-product totals the ledger keeps — the same source as its inventory snapshot, never
 * a number typed once and left to drift.
 */
const unitsOnHand = sql<number>`coalesce((select sum(t.quantity) from ${inventoryProductTotals} t
  where t.tenant_id = ${outer(companies.tenantId)} and t.company_id = ${outer(companies.id)}), 0)::int`;

const sortColumns = {
  name: companies.name,
  accountNo: companies.accountNo,
  status: companies.status,
  unitCount: unitsOnHand,
  createdAt: companies.createdAt,
};

/** The client list of the warehouse (its own company excluded). */
export async function listCompanies(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof companyListQuerySchema>,
) {
  const conds: SQL[] = [scoped(ctx, companies.tenantId, companies.id), eq(companies.isOwner, false)];
  if (q.status) conds.push(eq(companies.status, q.status));
  if (q.minUnits) conds.push(gte(unitsOnHand, q.minUnits));
  if (q.q) {
    const like = likeContains(q.q);
    conds.push(or(ilike(companies.name, like), ilike(companies.accountNo, like), ilike(companies.email, like)) as SQL);
  }
  const where = and(...conds);
  const col = sortColumns[q.sort ?? 'name'];
  const userCount = deps.db.$count(users, eq(users.companyId, companies.id));
  return paged(
    page,
    deps.db
      .select({
        id: companies.id,
        name: companies.name,
        accountNo: companies.accountNo,
        audience: companies.audience,
        status: companies.status,
        email: companies.email,
        phone: companies.phone,
        unitCount: unitsOnHand,
        createdAt: companies.createdAt,
        userCount,
      })
      .from(companies)
      .where(where)
      .orderBy(q.dir === 'desc' ? desc(col) : asc(col), asc(companies.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(companies).where(where),
  );
}

export async function getCompany(deps: Deps, ctx: RequestContext, id: number) {
  const company = await companyInScope(deps.db, ctx, id);
  if (id !== ctx.companyId && !seesAllCompanies(ctx)) throw notFound('Company');
  const [addressRows, warehouseRows, [held]] = await Promise.all([
    deps.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.tenantId, ctx.tenantId), eq(addresses.companyId, id)))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    deps.db.select().from(warehouses).where(eq(warehouses.tenantId, ctx.tenantId)).orderBy(asc(warehouses.name)),
    deps.db.select({ units: unitsOnHand }).from(companies).where(eq(companies.id, id)),
  ]);
  return { ...company, unitCount: held.units, addresses: addressRows, warehouses: warehouseRows };
}

/** A client company with its first user (who holds the company's Client Admin role). */
export async function createCompany(deps: Deps, ctx: RequestContext, input: z.infer<typeof companyCreateSchema>) {
  await assertPasswordPolicy(deps.db, ctx.tenantId, input.firstUser.password, 'firstUser.password');
  const passwordHash = await hashPassword(input.firstUser.password);
  const id = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.username, input.firstUser.username), eq(users.email, input.firstUser.email)));
    if (taken) throw conflict(refusal('refusals.firstUserTaken'));
    const [dup] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.tenantId, ctx.tenantId), ilike(companies.name, input.name)));
    if (dup) throw conflict(refusal('refusals.companyExists', { name: input.name }));
    const { company, role } = await createClientCompany(tx, ctx.tenantId, input);
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: ctx.tenantId,
        companyId: company.id,
        username: input.firstUser.username,
        fullname: input.firstUser.fullname,
        email: input.firstUser.email,
        passwordHash,
        roleId: role.id,
        langKey: await readTenantSetting(tx, ctx.tenantId, 'DEFAULT_LOCALE'),
      })
      .returning();
    await audit(tx, ctx, 'company', company.id, 'create', null, company);
    await audit(tx, ctx, 'user', user.id, 'create', null, user);
    return company.id;
  });
  return getCompany(deps, ctx, id);
}

export async function updateCompany(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof companyUpdateSchema>,
) {
  if (id !== ctx.companyId && !seesAllCompanies(ctx)) throw notFound('Company');
  let promoted = false;
  let audienceChanged = false;
  await deps.db.transaction(async (tx) => {
    const before = await companyInScope(tx, ctx, id);
    if (input.audience && input.audience !== before.audience) {
      audienceChanged = true;
      if (ctx.isClient) throw forbidden(refusal('refusals.audienceWarehouseOnly'));
      if (before.isOwner || input.audience === 'Warehouse') throw businessRule(refusal('refusals.audienceOwner'));
      if (companyTypeOf(input.audience as Audience) !== companyTypeOf(before.audience as Audience))
        throw businessRule(refusal('refusals.audienceClient'));
    }
    const setupNow = before.isOwner && !before.setupComplete;
    const [after] = await tx
      .update(companies)
      .set({ ...input, ...(setupNow ? { setupComplete: true } : {}), updatedAt: deps.now().toISOString() })
      .where(eq(companies.id, id))
      .returning();
    await audit(tx, ctx, 'company', id, 'update', before, after);
    if (!after.isOwner) await recordChanges(tx, ctx.tenantId, [companyChange(after)]);
    // Spec §2: a self-registered admin works as CompanyNewUserRole until the company is set up.
    if (setupNow && ctx.roleName === NEW_COMPANY_ROLE) {
      const admin = await findRole(tx, ctx.tenantId, id, ADMIN_ROLE);
      await tx.update(users).set({ roleId: admin.id }).where(eq(users.id, ctx.userId));
      await tx
        .update(users)
        .set({ roleId: admin.id })
        .where(and(eq(users.companyId, id), eq(users.roleId, ctx.roleId)));
      await audit(tx, ctx, 'user', ctx.userId, 'update', { role: NEW_COMPANY_ROLE }, { role: ADMIN_ROLE });
      promoted = true;
    }
  });
  // The audience decides the company's users' menus: their next request sees the new one.
  if (promoted || audienceChanged) deps.principals.invalidate();
  return { company: await getCompany(deps, ctx, id), setupCompleted: promoted };
}

export async function setCompanyStatus(deps: Deps, ctx: RequestContext, id: number, status: string) {
  await deps.db.transaction(async (tx) => {
    const before = await companyInScope(tx, ctx, id);
    if (before.isOwner) throw businessRule(refusal('refusals.ownerStatus'));
    const [after] = await tx
      .update(companies)
      .set({ status, updatedAt: deps.now().toISOString() })
      .where(eq(companies.id, id))
      .returning();
    await audit(tx, ctx, 'company', id, 'status', { status: before.status }, { status: after.status });
    await recordChanges(tx, ctx.tenantId, [companyChange(after)]);
  });
  deps.principals.invalidate();
  return getCompany(deps, ctx, id);
}

// ---- addresses ----
export async function listAddresses(deps: Deps, ctx: RequestContext, companyId: number) {
  return (await getCompany(deps, ctx, companyId)).addresses;
}

export async function saveAddress(
  deps: Deps,
  ctx: RequestContext,
  companyId: number,
  input: z.infer<typeof addressSchema>,
  addressId?: number,
) {
  if (companyId !== ctx.companyId && !seesAllCompanies(ctx)) throw notFound('Company');
  return deps.db.transaction(async (tx) => {
    await companyInScope(tx, ctx, companyId);
    if (input.isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.companyId, companyId), eq(addresses.kind, input.kind)));
    }
    if (addressId) {
      const [before] = await tx
        .select()
        .from(addresses)
        .where(
          and(eq(addresses.id, addressId), eq(addresses.companyId, companyId), eq(addresses.tenantId, ctx.tenantId)),
        );
      if (!before) throw notFound('Address');
      const [after] = await tx
        .update(addresses)
        .set({ ...input, updatedAt: deps.now().toISOString() })
        .where(eq(addresses.id, addressId))
        .returning();
      await audit(tx, ctx, 'address', addressId, 'update', before, after);
      return after;
    }
    const [created] = await tx
      .insert(addresses)
      .values({ ...input, tenantId: ctx.tenantId, companyId })
      .returning();
    await audit(tx, ctx, 'address', created.id, 'create', null, created);
    return created;
  });
}

export async function deleteAddress(deps: Deps, ctx: RequestContext, companyId: number, addressId: number) {
  if (companyId !== ctx.companyId && !seesAllCompanies(ctx)) throw notFound('Company');
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(addresses)
      .where(
        and(eq(addresses.id, addressId), eq(addresses.companyId, companyId), eq(addresses.tenantId, ctx.tenantId)),
      );
    if (!before) throw notFound('Address');
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    await audit(tx, ctx, 'address', addressId, 'delete', before, null);
  });
  return { deleted: true };
}

// ---- warehouses (sites of the tenant) ----
export const listWarehouses = (deps: Deps, ctx: RequestContext) =>
  deps.db.select().from(warehouses).where(eq(warehouses.tenantId, ctx.tenantId)).orderBy(asc(warehouses.name));

/** The input as columns: empty texts clear their column, fields left out keep theirs. */
function warehouseColumns(input: WarehouseInput) {
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
  const out = {
    name: input.name,
    code: input.code,
    addressName: text(input.addressName),
    line1: text(input.line1),
    line2: text(input.line2),
    city: text(input.city),
    state: text(input.state),
    postalCode: text(input.postalCode),
    countryCode: text(input.countryCode),
    phone: text(input.phone),
    email: text(input.email),
    timezone: input.timezone,
    active: input.active,
    defaultShipFrom: input.defaultShipFrom,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Partial<typeof out>;
}

/**
 * Adds or updates a site. The tenant ships from exactly one default site: making a site the
 * default takes it from the one before in the same transaction; the default cannot be unset or
 * deactivated (another site is made the default instead), and a tenant's first site is its default.
 */
export async function saveWarehouse(deps: Deps, ctx: RequestContext, input: WarehouseInput, id?: number) {
  if (ctx.isClient) throw forbidden(refusal('refusals.sitesWarehouseOnly'));
  const values = warehouseColumns(input);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, ctx.tenantId), eq(warehouses.defaultShipFrom, true)));
    const takeDefault = async () => {
      await tx
        .update(warehouses)
        .set({ defaultShipFrom: false, updatedAt: deps.now().toISOString() })
        .where(and(eq(warehouses.tenantId, ctx.tenantId), eq(warehouses.defaultShipFrom, true)));
    };
    if (id) {
      const [before] = await tx
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.id, id), eq(warehouses.tenantId, ctx.tenantId)));
      if (!before) throw notFound('Warehouse');
      if (before.defaultShipFrom && values.defaultShipFrom === false)
        throw businessRule(refusal('refusals.defaultSiteUnset', { site: before.name }));
      if (before.defaultShipFrom && values.active === false)
        throw businessRule(refusal('refusals.defaultSiteDeactivate', { site: before.name }));
      if (values.defaultShipFrom && !before.active && values.active !== true)
        throw badRequest(refusal('refusals.inactiveDefaultSite'));
      if (values.defaultShipFrom && !before.defaultShipFrom) await takeDefault();
      const [after] = await tx
        .update(warehouses)
        .set({ ...values, updatedAt: deps.now().toISOString() })
        .where(eq(warehouses.id, id))
        .returning();
      await audit(tx, ctx, 'warehouse', id, 'update', before, after);
      return after;
    }
    const makeDefault = values.defaultShipFrom ?? !current;
    if (makeDefault && values.active === false) throw badRequest(refusal('refusals.inactiveDefaultSite'));
    if (makeDefault) await takeDefault();
    const [created] = await tx
      .insert(warehouses)
      .values({ ...values, name: input.name, code: input.code, defaultShipFrom: makeDefault, tenantId: ctx.tenantId })
      .returning();
    await audit(tx, ctx, 'warehouse', created.id, 'create', null, created);
    return created;
  });
}

export async function deactivateWarehouse(deps: Deps, ctx: RequestContext, id: number) {
  if (ctx.isClient) throw forbidden(refusal('refusals.sitesWarehouseOnly'));
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.id, id), eq(warehouses.tenantId, ctx.tenantId)));
    if (!before) throw notFound('Warehouse');
    const [{ active }] = await tx
      .select({ active: count() })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, ctx.tenantId), eq(warehouses.active, true)));
    if (before.active && Number(active) <= 1) throw businessRule(refusal('refusals.lastActiveSite'));
    if (before.defaultShipFrom) throw businessRule(refusal('refusals.defaultSiteDeactivate', { site: before.name }));
    const [after] = await tx
      .update(warehouses)
      .set({ active: false, updatedAt: deps.now().toISOString() })
      .where(eq(warehouses.id, id))
      .returning();
    await audit(tx, ctx, 'warehouse', id, 'status', before, after);
    return after;
  });
}

// ---- departments ----
export const listDepartments = (deps: Deps, ctx: RequestContext, companyId?: number) =>
  deps.db
    .select()
    .from(departments)
    .where(
      and(
        scoped(ctx, departments.tenantId, departments.companyId),
        companyId ? eq(departments.companyId, companyId) : undefined,
      ),
    )
    .orderBy(asc(departments.name));

export async function saveDepartment(
  deps: Deps,
  ctx: RequestContext,
  input: z.infer<typeof departmentSchema>,
  id?: number,
) {
  const companyId = input.companyId ?? ctx.companyId;
  return deps.db.transaction(async (tx) => {
    await companyInScope(tx, ctx, companyId);
    if (id) {
      const [before] = await tx
        .select()
        .from(departments)
        .where(and(eq(departments.id, id), scoped(ctx, departments.tenantId, departments.companyId)));
      if (!before) throw notFound('Department');
      const [after] = await tx
        .update(departments)
        .set({ name: input.name, description: input.description, updatedAt: deps.now().toISOString() })
        .where(eq(departments.id, id))
        .returning();
      await audit(tx, ctx, 'department', id, 'update', before, after);
      return after;
    }
    const [created] = await tx
      .insert(departments)
      .values({ tenantId: ctx.tenantId, companyId, name: input.name, description: input.description })
      .returning();
    await audit(tx, ctx, 'department', created.id, 'create', null, created);
    return created;
  });
}

export async function deleteDepartment(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.id, id), scoped(ctx, departments.tenantId, departments.companyId)));
    if (!before) throw notFound('Department');
    await tx.delete(departments).where(eq(departments.id, id));
    await audit(tx, ctx, 'department', id, 'delete', before, null);
  });
  return { deleted: true };
}
