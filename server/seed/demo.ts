/** The demo data of a fresh installation (SEED=demo on an empty database). Password `dockside` for all. */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tenants, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/passwords.js';
import { PACKER_ROLE, packerGrants } from '../modules/roles/defaults.js';
import { createClientCompany, createRole, createTenant } from '../modules/tenants/bootstrap.js';
import { DEMO_MAIN_SITE, DEMO_NORTH_SITE } from './demo-sites.js';
import { seedDemoCarriers } from './demo-carriers.js';

export const DEMO_PASSWORD = 'dockside';
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_USERS = [
  { username: 'demo.admin', who: 'warehouse admin, tenant demo' },
  { username: 'demo.receiver', who: 'floor staff: dock, count, sort, moves, FBM pick, bench, printing' },
  { username: 'demo.packer', who: 'packer: the bench and label printing' },
  { username: 'demo.client', who: 'client "Acme Sellers" (Customer)' },
  { username: 'demo.client2', who: 'client "Blue Fox Goods" (CustomerPlus)' },
  { username: 'demo.mfa', who: `warehouse user with TOTP (secret ${DEMO_MFA_SECRET})` },
  { username: 'north.admin', who: 'warehouse admin, tenant north' },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenants);
  return Number(row.n) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const demo = await createTenant(tx, {
      key: 'demo',
      name: 'Demo Prep Co',
      companyName: 'Demo Prep Co',
      warehouseName: 'Main',
      warehouse: DEMO_MAIN_SITE,
    });
    const t = demo.tenant.id;
    const packer = await createRole(tx, t, demo.company.id, PACKER_ROLE, 'warehouse', packerGrants);
    const acme = await createClientCompany(tx, t, {
      name: 'Acme Sellers',
      audience: 'Customer',
      email: 'ops@acme.example',
    });
    const blueFox = await createClientCompany(tx, t, {
      name: 'Blue Fox Goods',
      audience: 'CustomerPlus',
      email: 'hello@bluefox.example',
    });
    const north = await createTenant(tx, {
      key: 'north',
      name: 'North Fulfilment',
      companyName: 'North Fulfilment',
      warehouseName: 'North DC',
      warehouse: DEMO_NORTH_SITE,
    });
    const northClient = await createClientCompany(tx, north.tenant.id, {
      name: 'Polar Goods',
      audience: 'Customer',
    });

    const user = (
      tenantId: number,
      companyId: number,
      roleId: number,
      username: string,
      fullname: string,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => ({
      tenantId,
      companyId,
      roleId,
      username,
      fullname,
      email: `${username}@dockside.example`,
      passwordHash: hash,
      ...extra,
    });
    await tx.insert(users).values([
      user(t, demo.company.id, demo.roles.admin.id, 'demo.admin', 'Dana Admin'),
      user(t, demo.company.id, demo.roles.floor.id, 'demo.receiver', 'Riley Receiver'),
      user(t, demo.company.id, packer.id, 'demo.packer', 'Parker Packer'),
      user(t, acme.company.id, acme.role.id, 'demo.client', 'Casey Acme'),
      user(t, blueFox.company.id, blueFox.role.id, 'demo.client2', 'Blake Fox'),
      user(t, demo.company.id, demo.roles.admin.id, 'demo.mfa', 'Morgan Secure', {
        mfaEnabled: true,
        mfaSecret: DEMO_MFA_SECRET,
      }),
      user(north.tenant.id, north.company.id, north.roles.admin.id, 'north.admin', 'Noa North'),
      user(north.tenant.id, northClient.company.id, northClient.role.id, 'north.client', 'Pat Polar'),
    ]);
    await seedDemoCarriers(tx, [t, north.tenant.id]);
  });
}
