/** Creating a tenant with its warehouse company, first site and default roles; creating client companies. */
import { and, eq, sql } from 'drizzle-orm';
import type { Audience, CompanyStatus } from '../../../domain/enums.js';
import { companyTypeOf } from '../../../domain/permissions.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import type { DbOrTx } from '../../db/client.js';
import { changeSeq, companies, roleResourceActions, roles, tenants, warehouses } from '../../db/schema/index.js';
import { companyChange, recordChanges } from '../../feed/changes.js';
import type { Grant } from '../roles/defaults.js';
import {
  ADMIN_ROLE,
  CLIENT_ADMIN_ROLE,
  FLOOR_ROLE,
  NEW_COMPANY_ROLE,
  adminGrants,
  clientAdminGrants,
  floorGrants,
  newCompanyGrants,
} from '../roles/defaults.js';

export async function createRole(
  tx: DbOrTx,
  tenantId: number,
  companyId: number,
  name: string,
  companyType: 'warehouse' | 'client',
  grants: Grant[],
  isSystem = false,
) {
  const [role] = await tx.insert(roles).values({ tenantId, companyId, name, companyType, isSystem }).returning();
  if (grants.length) {
    await tx
      .insert(roleResourceActions)
      .values(grants.map((g) => ({ tenantId, roleId: role.id, resource: g.resource, action: g.action })));
  }
  return role;
}

/**
 * Account numbers are per tenant: `C1001`, `C1002`, … (the warehouse company is `C1000`); the
 * letters are the tenant's ACCOUNT_NUMBER_PREFIX, the number keeps counting across a change of it.
 */
export async function nextAccountNo(tx: DbOrTx, tenantId: number): Promise<string> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(nullif(regexp_replace(${companies.accountNo}, '\\D', '', 'g'), '')::int)` })
    .from(companies)
    .where(eq(companies.tenantId, tenantId));
  const next = row?.max == null ? 1000 : Number(row.max) + 1;
  return `${await readTenantSetting(tx, tenantId, 'ACCOUNT_NUMBER_PREFIX')}${next}`;
}

export interface NewTenant {
  key: string;
  name: string;
  companyName: string;
  status?: CompanyStatus;
  warehouseName?: string;
  /** The first site's address, time zone and contact (a new tenant's is entered in Settings › Warehouses). */
  warehouse?: Partial<
    Pick<
      typeof warehouses.$inferInsert,
      | 'addressName'
      | 'line1'
      | 'line2'
      | 'city'
      | 'state'
      | 'postalCode'
      | 'countryCode'
      | 'phone'
      | 'email'
      | 'timezone'
    >
  >;
  setupComplete?: boolean;
}

export async function createTenant(tx: DbOrTx, t: NewTenant) {
  const [tenant] = await tx
    .insert(tenants)
    .values({ key: t.key, name: t.name, status: t.status ?? 'Active' })
    .returning();
  await tx.insert(changeSeq).values({ tenantId: tenant.id, seq: 0 });
  const [company] = await tx
    .insert(companies)
    .values({
      tenantId: tenant.id,
      name: t.companyName,
      audience: 'Warehouse',
      status: 'Active',
      accountNo: await nextAccountNo(tx, tenant.id),
      isOwner: true,
      setupComplete: t.setupComplete ?? true,
    })
    .returning();
  const [warehouse] = await tx
    .insert(warehouses)
    .values({
      ...t.warehouse,
      tenantId: tenant.id,
      name: t.warehouseName ?? 'Main',
      code: 'MAIN',
      defaultShipFrom: true,
    })
    .returning();
  const admin = await createRole(tx, tenant.id, company.id, ADMIN_ROLE, 'warehouse', adminGrants, true);
  const newUser = await createRole(tx, tenant.id, company.id, NEW_COMPANY_ROLE, 'warehouse', newCompanyGrants, true);
  const floor = await createRole(tx, tenant.id, company.id, FLOOR_ROLE, 'warehouse', floorGrants);
  return { tenant, company, warehouse, roles: { admin, newUser, floor } };
}

export interface NewClientCompany {
  name: string;
  audience: Audience;
  status?: CompanyStatus;
  email?: string | null;
  phone?: string | null;
  unitCount?: number;
}

export async function createClientCompany(tx: DbOrTx, tenantId: number, c: NewClientCompany) {
  const [company] = await tx
    .insert(companies)
    .values({
      tenantId,
      name: c.name,
      audience: c.audience,
      status: c.status ?? 'Active',
      accountNo: await nextAccountNo(tx, tenantId),
      email: c.email ?? null,
      phone: c.phone ?? null,
      unitCount: c.unitCount ?? 0,
    })
    .returning();
  await recordChanges(tx, tenantId, [companyChange(company)]);
  const role = await createRole(
    tx,
    tenantId,
    company.id,
    CLIENT_ADMIN_ROLE,
    companyTypeOf(c.audience),
    clientAdminGrants,
    true,
  );
  return { company, role };
}

export async function findRole(tx: DbOrTx, tenantId: number, companyId: number, name: string) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.companyId, companyId), eq(roles.name, name)));
  return role;
}
