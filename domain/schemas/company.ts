import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { AUDIENCES, COMPANY_STATUSES, TENANT_STATUSES } from '../enums.js';
import { passwordSchema, usernameSchema } from './auth.js';
import { isTimeZone, stateRequired } from '../rules/addresses.js';
import { hint, hintIssue, requiredIssue } from '../validation/error-map.js';

const CLIENT_AUDIENCE_VALUES = AUDIENCES.filter((a) => a !== 'Warehouse') as [string, ...string[]];
const phone = z
  .string()
  .trim()
  .max(40)
  .regex(/^[+0-9 ().-]*$/, hint('phone'));

export const firstUserSchema = z.object({
  fullname: z.string().trim().min(1).max(200),
  username: usernameSchema.pipe(z.string().regex(/^[a-z0-9._@-]{3,100}$/, hint('username'))),
  email: z.email().max(200),
  password: passwordSchema,
});

export const companyCreateSchema = z.object({
  name: z.string().trim().min(2).max(200),
  audience: z.enum(CLIENT_AUDIENCE_VALUES as [(typeof AUDIENCES)[number], ...(typeof AUDIENCES)[number][]]),
  status: z.enum(COMPANY_STATUSES).default('Active'),
  email: z.email().max(200).optional(),
  phone: phone.optional(),
  firstUser: firstUserSchema,
});

export const companyUpdateSchema = z.object({
  name: z.string().trim().min(2).max(200).optional(),
  email: z.email().max(200).nullable().optional(),
  phone: phone.nullable().optional(),
  website: z.string().trim().max(200).nullable().optional(),
  taxId: z.string().trim().max(60).nullable().optional(),
  audience: z.enum(AUDIENCES).optional(),
});

export const companyStatusSchema = z.object({ status: z.enum(COMPANY_STATUSES) });

export const companyListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  q: z.string().max(100).optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
  minUnits: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['name', 'accountNo', 'status', 'unitCount', 'createdAt']).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});

export const addressSchema = z
  .object({
    kind: z.enum(['business', 'shipping', 'billing', 'return']).default('business'),
    name: z.string().trim().max(200).optional(),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    state: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().min(1).max(20),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, hint('countryCode')),
    isDefault: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    if (stateRequired(a.countryCode) && !a.state?.trim())
      ctx.addIssue(hintIssue('stateRequired', ['state'], { country: a.countryCode }));
  });

/** An optional text of a site's address: empty or null clears it. */
const siteText = (max: number) => z.string().trim().max(max).nullish();

/**
 * A warehouse site (Settings › Warehouses): its name and code, its address — all of line 1, city,
 * postal code and country once any part but the country is given, the state where the country has them — its
 * IANA time zone, and whether parcels leave from it by default (one site per tenant). On an update,
 * a field left out keeps its value; `timezone`, `active` and `defaultShipFrom` default on a new site.
 */
export const warehouseSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{1,20}$/, hint('siteCode')),
    /** Who parcels are from (a person or the company); the warehouse company's name when empty. */
    addressName: siteText(120),
    line1: siteText(200),
    line2: siteText(200),
    city: siteText(100),
    state: siteText(100),
    postalCode: siteText(20),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, hint('countryCode'))
      .nullish(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ().-]*$/, hint('phone'))
      .nullish(),
    email: z.union([z.email().max(200), z.literal('')]).nullish(),
    timezone: z.string().trim().refine(isTimeZone, hint('timezone')).optional(),
    active: z.boolean().optional(),
    defaultShipFrom: z.boolean().optional(),
  })
  .superRefine((w, ctx) => {
    const filled = (v: string | null | undefined) => !!v?.trim();
    // The country alone is an address in the making (customs reads it); any other part asks for the rest.
    const parts = [w.addressName, w.line1, w.line2, w.city, w.state, w.postalCode];
    if (parts.some(filled)) {
      for (const key of ['line1', 'city', 'postalCode', 'countryCode'] as const)
        if (!filled(w[key])) ctx.addIssue(requiredIssue(key));
    }
    if (filled(w.countryCode) && stateRequired(w.countryCode) && !filled(w.state))
      ctx.addIssue(hintIssue('stateRequired', ['state'], { country: w.countryCode!.trim().toUpperCase() }));
    if (w.defaultShipFrom && w.active === false) ctx.addIssue(hintIssue('inactiveDefaultSite', ['defaultShipFrom']));
  });
export type WarehouseInput = z.infer<typeof warehouseSchema>;

export const departmentSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500).optional(),
  companyId: z.number().int().positive().optional(),
});

export const tenantCreateSchema = z.object({
  key: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, hint('tenantKey')),
  name: z.string().trim().min(2).max(200),
  status: z.enum(TENANT_STATUSES).default('Active'),
  admin: firstUserSchema,
});
export const tenantUpdateSchema = z.object({
  name: z.string().trim().min(2).max(200).optional(),
  status: z.enum(TENANT_STATUSES).optional(),
});

/** A tenant (a warehouse business) as the tenants screens show it. */
export const tenantRowSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;
export const tenantPageSchema = pageSchema(tenantRowSchema);

// ---- response bodies ----

/** A client in the warehouse's client list, with what it holds and how many users it has. */
export const companyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accountNo: z.string(),
  audience: z.enum(AUDIENCES),
  status: z.enum(COMPANY_STATUSES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  unitCount: z.number().int(),
  createdAt: z.string(),
  userCount: z.number().int(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;
export const companyPageSchema = pageSchema(companyRowSchema);

export const addressRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.enum(['business', 'shipping', 'billing', 'return']),
  name: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  countryCode: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AddressRow = z.infer<typeof addressRowSchema>;

/** A warehouse site of the tenant. */
export const warehouseRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  addressName: z.string().nullable(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone: z.string(),
  active: z.boolean(),
  /** Parcels leave from this site unless told otherwise (exactly one per tenant). */
  defaultShipFrom: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseRow = z.infer<typeof warehouseRowSchema>;

export const departmentRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One company with its addresses and the tenant's warehouse sites (My Company, a client's page). */
export const companyDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accountNo: z.string(),
  audience: z.enum(AUDIENCES),
  status: z.enum(COMPANY_STATUSES),
  isOwner: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  taxId: z.string().nullable(),
  unitCount: z.number().int(),
  setupComplete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  addresses: z.array(addressRowSchema),
  warehouses: z.array(warehouseRowSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** Saving a company says whether that save completed a new tenant's set-up (the role changes). */
export const companyUpdateResultSchema = z.object({
  company: companyDetailSchema,
  setupCompleted: z.boolean(),
});
