/**
 * The charges screens' service (issue 21; spec §7 /api/finance/customer/charges): the ledger's
 * lines, paged, for the warehouse (every client) or a client (its own company only); manual lines
 * the warehouse adds (a special service; a credit is a negative unit price); and "price now",
 * which turns what the floor recorded into lines without waiting for the nightly job.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { isChargeCode, type ChargeCategory, type PriceRule } from '../../../domain/billing/charge-codes.js';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { can } from '../../../domain/permissions.js';
import type { Charge, ChargesWaiting, ManualChargeInput } from '../../../domain/schemas/charges.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { charges, companies, costGroups } from '../../db/schema/index.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { forbidden, notFound } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import { priceEvents, appendCharges } from './ledger.js';
import { trimDecimal } from './price-book.js';
import { waitingToBePriced } from './recorded-work.js';
import { storedWords } from '../../http/words.js';

export interface ChargeQuery {
  companyId?: number;
  category?: ChargeCategory;
  code?: string;
  costGroupId?: number;
  from?: string;
  to?: string;
  invoiced?: 'all' | 'open' | 'invoiced' | 'funds';
}

/** What a client may read of a price rule: where the price came from, never the warehouse's notes. */
function ruleFor(ctx: RequestContext, rule: PriceRule): PriceRule {
  if (!ctx.isClient) return rule;
  const { note: _note, ...shown } = rule;
  return shown;
}

export async function listCharges(deps: Deps, ctx: RequestContext, page: PageRequest, q: ChargeQuery) {
  const where = and(
    scoped(ctx, charges.tenantId, charges.companyId, !ctx.isClient),
    q.companyId !== undefined && !ctx.isClient ? eq(charges.companyId, q.companyId) : undefined,
    q.category ? eq(charges.category, q.category) : undefined,
    q.code ? eq(charges.code, q.code) : undefined,
    q.costGroupId !== undefined && !ctx.isClient
      ? sql`${charges.code} = any(select unnest(g.charge_codes) from ${costGroups} g
              where g.id = ${q.costGroupId} and g.tenant_id = ${ctx.tenantId})`
      : undefined,
    q.from ? gte(charges.serviceDate, q.from) : undefined,
    q.to ? lte(charges.serviceDate, q.to) : undefined,
    q.invoiced === 'open'
      ? and(isNull(charges.invoiceId), eq(charges.settledBy, 'invoice'))
      : q.invoiced === 'invoiced'
        ? isNotNull(charges.invoiceId)
        : q.invoiced === 'funds'
          ? eq(charges.settledBy, 'funds')
          : undefined,
  ) as SQL;
  const [rows, [totals]] = await Promise.all([
    deps.db
      .select({ c: charges, companyName: companies.name, accountNo: companies.accountNo })
      .from(charges)
      .innerJoin(companies, eq(companies.id, charges.companyId))
      .where(where)
      .orderBy(desc(charges.serviceDate), desc(charges.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db
      .select({ total: count(), cents: sql<string>`coalesce(sum(${charges.amountCents}), 0)` })
      .from(charges)
      .where(where),
  ]);
  const content: Charge[] = rows.map(({ c, companyName, accountNo }) => ({
    id: c.id,
    companyId: c.companyId,
    companyName,
    accountNo,
    code: c.code,
    category: c.category as ChargeCategory,
    // Lines whose words were kept as a code are said in the reader's language (issue 41).
    description: storedWords((c.details as { words?: unknown } | null)?.words, c.description, ctx.language),
    quantity: trimDecimal(c.quantity),
    unitPrice: trimDecimal(c.unitPrice),
    amountCents: c.amountCents,
    currency: c.currency,
    rule: ruleFor(ctx, c.rule),
    sourceType: c.sourceType,
    sourceId: c.sourceId,
    serviceDate: c.serviceDate,
    adjustsChargeId: c.adjustsChargeId,
    settledBy: c.settledBy as Charge['settledBy'],
    invoiceId: c.invoiceId,
    createdAt: c.createdAt,
  }));
  return {
    content,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(totals.total),
    totalCents: Number(totals.cents),
  };
}

export async function addManualCharge(deps: Deps, ctx: RequestContext, input: ManualChargeInput) {
  if (ctx.isClient) throw forbidden('Charges are entered by the warehouse');
  if (!isChargeCode(input.code)) throw notFound('Charge code');
  const [company] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, input.companyId), eq(companies.tenantId, ctx.tenantId)));
  if (!company) throw notFound('Client');
  const currency = await readTenantSetting(deps.db, ctx.tenantId, 'CURRENCY');
  const sourceId = randomUUID();
  return deps.db.transaction(async (tx) => {
    await appendCharges(tx, [
      {
        tenantId: ctx.tenantId,
        companyId: company.id,
        code: input.code,
        description: input.description,
        quantity: input.quantity,
        unitPrice: input.unitPrice,
        currency,
        rule: { source: input.code === 'MANUAL' ? 'event' : 'adjustment', note: `entered by ${ctx.username}` },
        sourceType: 'manual',
        sourceId,
        serviceDate: input.serviceDate,
        createdBy: ctx.userId,
      },
    ]);
    const [row] = await tx
      .select()
      .from(charges)
      .where(and(eq(charges.tenantId, ctx.tenantId), eq(charges.sourceType, 'manual'), eq(charges.sourceId, sourceId)));
    await audit(tx, ctx, 'charge', row.id, 'create', null, row);
    return { id: row.id, amountCents: row.amountCents };
  });
}

/**
 * How much recorded work has no line yet: the tenant's for the warehouse, a client's own company's
 * for a client (never another's). Usually 0 within seconds of the work (recorded-work.ts).
 */
export async function waitingCount(deps: Deps, ctx: RequestContext): Promise<ChargesWaiting> {
  const waiting = await waitingToBePriced(deps.db, ctx.tenantId, ctx.isClient ? ctx.companyId : undefined);
  return { waiting, canPrice: !ctx.isClient && can(ctx.abilities, 'create', 'customerCharge') };
}

/** Prices what was recorded and not yet charged (the nightly job does the same). */
export async function priceNow(deps: Deps, ctx: RequestContext) {
  if (ctx.isClient) throw forbidden('Pricing is run by the warehouse');
  return { written: await priceEvents(deps.db, ctx.tenantId) };
}
