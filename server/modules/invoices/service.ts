/**
 * Invoices (issue 21; decision 0014-billing-invoices). An invoice takes a client's charges not yet
 * invoiced whose service day lies in the period and sums them into lines per (category, code,
 * unit price). A line's amount is the sum of its charges' amounts — each charge was rounded once
 * when it was recorded — so lines never round again and the invoice always equals its charges;
 * tax is rounded once, on the subtotal.
 *
 * Numbering (gapless per tenant), in ONE transaction per invoice:
 *   1. lock the tenant's invoice_counters row (created at 0 on first use), so invoice generation
 *      of a tenant runs one at a time and a concurrent run waits;
 *   2. refuse (409) or skip when the client already has a live invoice for exactly this period;
 *   3. insert the invoice with number = last + 1 and claim its charges
 *      (`update charges set invoice_id … where invoice_id is null`); no charge claimed → roll back;
 *   4. write its lines and totals from the claimed charges and advance the counter.
 * A failure anywhere rolls all of it back, counter included: no gap, no half invoice.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CHARGE_CATEGORIES,
  chargeCodeDef,
  type ChargeCategory,
  type ChargeUnit,
} from '../../../domain/billing/charge-codes.js';
import type { PageRequest } from '../../../domain/paging.js';
import { percentOfCents, QUANTITY_DECIMALS, scaledDecimal } from '../../../domain/rules/money.js';
import {
  INVOICE_STATUS_FILTERS,
  invoiceNumberText,
  parsePeriod,
  type InvoiceDetail,
  type InvoiceGenerateResult,
  type InvoiceLine,
  type InvoicePreview,
  type OpenPeriod,
  type InvoicePreviewClient,
  type InvoiceSummary,
  type Period,
  type StorageSummary,
} from '../../../domain/schemas/invoices.js';
import type { Deps, RequestContext } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  addresses,
  charges,
  companies,
  financeAudit,
  financeTransactions,
  invoiceCounters,
  invoiceLines,
  invoices,
  warehouses,
} from '../../db/schema/index.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import { pageOfQuery } from '../../http/paging.js';
import { priceEvents } from '../billing/ledger.js';
import { trimDecimal } from '../billing/price-book.js';
import { fundsStatement } from '../finance/label-funds.js';
import { feeSettingsOf } from '../settings/fees.js';
import { outer } from '../../db/outer.js';
import { recordNotification } from '../notifications/service.js';
import type { TFunction } from 'i18next';
import { translator, type Language } from '../../i18n.js';
import { clientLanguage, invoiceFormats, lineDescription } from './words.js';

export const TAX_NAME = 'Tax';

// ------------------------------------------------------------------ small helpers

/** Decimal text for people: no trailing zeros; prices keep two decimals at least. */
const qtyText = (v: string | number): string => trimDecimal(String(v));
function priceText(v: string): string {
  const t = trimDecimal(v);
  const [whole, fraction = ''] = t.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

const CODE_LABELS: Record<string, string> = {
  UNIT_RECEIVED: 'Units received',
  ITEM_SORT: 'Items sorted',
  ITEM_DISPOSAL: 'Items disposed of',
  FNSKU_LABEL: 'FNSKU labels applied',
  BUNDLE_BASE: 'Bundles built',
  BUNDLE_EXTRA_ITEM: 'Bundle extra items',
  BOX_PACKED: 'Boxes packed',
  PALLET_BUILT: 'Pallets built',
  SHIPMENT_SHIPPED: 'Shipments shipped',
  FREIGHT: 'Freight',
  PROBLEM_UNITS: 'Problem items',
  FBM_SKU: 'FBM orders (per SKU)',
  FBM_EXTRA_ITEM: 'FBM extra items',
  SHIPPING_LABEL: 'Shipping labels',
  STORAGE_DAILY: 'Storage',
  PREP_MATERIAL: 'Prep materials',
  PLAN_FEE: 'Plan fee',
  MANUAL: 'Other charges',
};
const words = (s: string) => s.toLowerCase().replace(/_/g, ' ');
/** A line's description: what the code is, in words. */
export function codeLabel(code: string): string {
  if (CODE_LABELS[code]) return CODE_LABELS[code];
  if (code.startsWith('PREP_')) return `Prep: ${words(code.slice(5))}`;
  if (code.startsWith('PROBLEM_')) {
    const ind = code.endsWith('_IND');
    return `Problem: ${words(code.slice(8, ind ? -4 : undefined))}${ind ? ' (individual)' : ''}`;
  }
  return words(code);
}
/** Codes whose charges carry their own name (a material, a manual line): shown when one name. */
const OWN_DESCRIPTION = new Set(['PREP_MATERIAL', 'MANUAL', 'PLAN_FEE']);

const categoryRank = (c: string) => {
  const i = CHARGE_CATEGORIES.indexOf(c as ChargeCategory);
  return i < 0 ? CHARGE_CATEGORIES.length : i;
};

/** Adds whole days to a day (YYYY-MM-DD). */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function periodOf(input: { month?: string; from?: string; to?: string }): Period {
  const p = parsePeriod(input);
  if (!p.ok) throw badRequest(p.message);
  return p.period;
}

// ------------------------------------------------------------------ aggregation

interface LineRow {
  companyId: number;
  category: string;
  code: string;
  unitPrice: string;
  quantity: string;
  amountCents: number;
  chargeCount: number;
  unpriced: number;
  firstDescription: string;
  lastDescription: string;
}

const lineColumns = {
  companyId: charges.companyId,
  category: charges.category,
  code: charges.code,
  unitPrice: sql<string>`${charges.unitPrice}::text`,
  quantity: sql<string>`sum(${charges.quantity})::text`,
  amountCents: sql<number>`sum(${charges.amountCents})::bigint`.mapWith(Number),
  chargeCount: sql<number>`count(*)::int`.mapWith(Number),
  unpriced: sql<number>`count(*) filter (where ${charges.rule}->>'source' = 'unpriced')::int`.mapWith(Number),
  firstDescription: sql<string>`min(${charges.description})`,
  lastDescription: sql<string>`max(${charges.description})`,
};

async function lineRows(db: DbOrTx, where: SQL): Promise<LineRow[]> {
  return db
    .select(lineColumns)
    .from(charges)
    .where(where)
    .groupBy(charges.companyId, charges.category, charges.code, charges.unitPrice);
}

async function storageDays(db: DbOrTx, where: SQL): Promise<Map<number, number>> {
  const rows = await db
    .select({
      companyId: charges.companyId,
      days: sql<number>`count(distinct ${charges.serviceDate})::int`.mapWith(Number),
    })
    .from(charges)
    .where(and(where, eq(charges.category, 'storage')))
    .groupBy(charges.companyId);
  return new Map(rows.map((r) => [r.companyId, r.days]));
}

interface Body {
  categories: { category: ChargeCategory; amountCents: number; lines: InvoiceLine[] }[];
  storage: StorageSummary | null;
  subtotalCents: number;
  chargeCount: number;
  unpriced: { code: string; count: number }[];
}

/** One client's lines in invoice order, grouped by category, with the storage summary. */
function bodyOf(rows: LineRow[], storageDayCount: number): Body {
  const sorted = [...rows].sort(
    (a, b) =>
      categoryRank(a.category) - categoryRank(b.category) ||
      a.code.localeCompare(b.code) ||
      Number(scaledDecimal(a.unitPrice, 6) - scaledDecimal(b.unitPrice, 6)),
  );
  const categories: Body['categories'] = [];
  let position = 0;
  let subtotalCents = 0;
  let chargeCount = 0;
  let storageQty = 0n;
  let storageCents = 0;
  let storageUnit: ChargeUnit = 'cubicFootDay';
  const unpriced = new Map<string, number>();
  for (const r of sorted) {
    const def = chargeCodeDef(r.code);
    const category = (CHARGE_CATEGORIES as readonly string[]).includes(r.category)
      ? (r.category as ChargeCategory)
      : 'other';
    let group = categories[categories.length - 1];
    if (!group || group.category !== category) {
      group = { category, amountCents: 0, lines: [] };
      categories.push(group);
    }
    const description =
      OWN_DESCRIPTION.has(r.code) && r.firstDescription === r.lastDescription ? r.firstDescription : codeLabel(r.code);
    group.lines.push({
      position: ++position,
      category,
      code: r.code,
      description,
      unit: def?.unit ?? 'each',
      quantity: qtyText(r.quantity),
      unitPrice: priceText(r.unitPrice),
      amountCents: r.amountCents,
      chargeCount: r.chargeCount,
    });
    group.amountCents += r.amountCents;
    subtotalCents += r.amountCents;
    chargeCount += r.chargeCount;
    if (r.unpriced) unpriced.set(r.code, (unpriced.get(r.code) ?? 0) + r.unpriced);
    if (category === 'storage') {
      storageQty += scaledDecimal(trimDecimal(r.quantity), QUANTITY_DECIMALS);
      storageCents += r.amountCents;
      if (def) storageUnit = def.unit;
    }
  }
  let storage: StorageSummary | null = null;
  if (categories.some((c) => c.category === 'storage')) {
    const days = Math.max(1, storageDayCount);
    const avg = (storageQty * 2n + BigInt(days)) / (2n * BigInt(days)); // rounded half up, 4 places kept
    const scaledText = (v: bigint) => {
      const digits = v.toString().padStart(QUANTITY_DECIMALS + 1, '0');
      return trimDecimal(`${digits.slice(0, -QUANTITY_DECIMALS)}.${digits.slice(-QUANTITY_DECIMALS)}`);
    };
    storage = {
      unit: storageUnit,
      quantity: scaledText(storageQty),
      days: storageDayCount,
      averagePerDay: scaledText(avg),
      amountCents: storageCents,
    };
  }
  return {
    categories,
    storage,
    subtotalCents,
    chargeCount,
    unpriced: [...unpriced].map(([code, count]) => ({ code, count })),
  };
}

/**
 * The charges a period's invoice takes: the lines not invoiced yet of its own days, and late lines
 * of days the client was already invoiced for (a storage day re-priced after a late receipt, work
 * priced after its month was billed, the lines a voided invoice released) — so nothing is left
 * behind because its month was billed, while a month never invoiced keeps its lines for its own
 * invoice. A line still lands on one invoice only, and a line paid from funds on none (decision
 * 0019: the invoice's statement of funds shows those).
 */
const uninvoiced = (tenantId: number, period: Period) =>
  and(
    eq(charges.tenantId, tenantId),
    isNull(charges.invoiceId),
    eq(charges.settledBy, 'invoice'),
    lte(charges.serviceDate, period.to),
    or(
      gte(charges.serviceDate, period.from),
      sql`${charges.serviceDate} <= (select max(i.period_end) from ${invoices} i
            where i.tenant_id = ${outer(charges.tenantId)} and i.company_id = ${outer(charges.companyId)}
              and i.status <> 'void' and i.period_end < ${period.from})`,
    ),
  )!;

// ------------------------------------------------------------------ clients and terms

interface ClientRow {
  id: number;
  name: string;
  accountNo: string;
  email: string | null;
}

async function clientsOf(db: DbOrTx, tenantId: number, ids?: readonly number[]): Promise<ClientRow[]> {
  const where = [eq(companies.tenantId, tenantId), eq(companies.isOwner, false)];
  if (ids) where.push(inArray(companies.id, ids.length ? [...ids] : [-1]));
  return db
    .select({ id: companies.id, name: companies.name, accountNo: companies.accountNo, email: companies.email })
    .from(companies)
    .where(and(...where))
    .orderBy(asc(companies.name), asc(companies.id));
}

interface Terms {
  taxPercent: string;
  termsDays: number;
  postponeDate: string | null;
}

async function termsOf(db: DbOrTx, tenantId: number, companyId: number): Promise<Terms> {
  const f = await feeSettingsOf(db, tenantId, companyId);
  return {
    taxPercent: f.INVOICE_TAX_PERCENT,
    termsDays: f.INVOICE_PAYMENT_TERMS_DAYS,
    postponeDate: f.POSTPONE_DATE,
  };
}

const taxOf = (subtotalCents: number, percent: string) =>
  percent === '0' ? 0 : percentOfCents(subtotalCents, percent);

async function liveInvoicesFor(db: DbOrTx, tenantId: number, period: Period) {
  const rows = await db
    .select({ id: invoices.id, companyId: invoices.companyId, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        ne(invoices.status, 'void'),
        eq(invoices.periodStart, period.from),
        eq(invoices.periodEnd, period.to),
      ),
    );
  return new Map(rows.map((r) => [r.companyId, { id: r.id, number: invoiceNumberText(r.number) }]));
}

const today = (deps: Pick<Deps, 'now'>) => deps.now().toISOString().slice(0, 10);

// ------------------------------------------------------------------ preview

/**
 * The period the invoice preview opens on: the oldest month that still has a charge to invoice
 * (issue 39: it opened on last month and said nobody had charges), else the current month.
 */
export async function openPeriod(deps: Pick<Deps, 'db' | 'now'>, tenantId: number): Promise<OpenPeriod> {
  const [row] = await deps.db
    .select({
      oldest: sql<string | null>`min(${charges.serviceDate})::text`,
      waiting: sql<string>`count(*)`.mapWith(Number),
    })
    .from(charges)
    .where(and(eq(charges.tenantId, tenantId), isNull(charges.invoiceId), eq(charges.settledBy, 'invoice')));
  const month = row?.oldest ? row.oldest.slice(0, 7) : today(deps).slice(0, 7);
  return { month, waitingCount: row?.waiting ?? 0 };
}

/**
 * What each client would be invoiced for the period: its uninvoiced charges in it, as lines,
 * with tax, total and warnings. Prices every recorded event first, so nothing recorded is missed.
 */
export async function preview(
  deps: Pick<Deps, 'db' | 'now'>,
  tenantId: number,
  period: Period,
  companyId?: number,
): Promise<InvoicePreview> {
  await priceEvents(deps.db, tenantId);
  const db = deps.db;
  const where = companyId
    ? and(uninvoiced(tenantId, period), eq(charges.companyId, companyId))!
    : uninvoiced(tenantId, period);
  const [rows, days, existing, currency] = await Promise.all([
    lineRows(db, where),
    storageDays(db, where),
    liveInvoicesFor(db, tenantId, period),
    readTenantSetting(db, tenantId, 'CURRENCY'),
  ]);
  const byCompany = new Map<number, LineRow[]>();
  for (const r of rows) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
  const clients = await clientsOf(db, tenantId, [...byCompany.keys()]);
  const issueDay = today(deps);
  const out: InvoicePreviewClient[] = [];
  for (const c of clients) {
    const body = bodyOf(byCompany.get(c.id) ?? [], days.get(c.id) ?? 0);
    const terms = await termsOf(db, tenantId, c.id);
    const taxCents = taxOf(body.subtotalCents, terms.taxPercent);
    const warnings: InvoicePreviewClient['warnings'] = body.unpriced.map((u) => ({
      kind: 'unpriced' as const,
      code: u.code,
      chargeCount: u.count,
      message: `${u.count} ${codeLabel(u.code)} charge${u.count === 1 ? '' : 's'} (${u.code}): no price set`,
    }));
    const postponed = terms.postponeDate && terms.postponeDate > issueDay ? terms.postponeDate : null;
    if (postponed)
      warnings.push({
        kind: 'postponed',
        code: null,
        chargeCount: body.chargeCount,
        message: `Invoicing postponed until ${postponed}`,
      });
    const inv = existing.get(c.id) ?? null;
    if (inv)
      warnings.push({
        kind: 'invoiced',
        code: null,
        chargeCount: body.chargeCount,
        message: `Already invoiced for this period (${inv.number}); void it to invoice again`,
      });
    if (!c.email)
      warnings.push({ kind: 'noEmail', code: null, chargeCount: 0, message: 'The client has no e-mail address' });
    out.push({
      companyId: c.id,
      companyName: c.name,
      accountNo: c.accountNo,
      email: c.email,
      period,
      chargeCount: body.chargeCount,
      categories: body.categories,
      storage: body.storage,
      currency,
      subtotalCents: body.subtotalCents,
      taxName: TAX_NAME,
      taxPercent: terms.taxPercent,
      taxCents,
      totalCents: body.subtotalCents + taxCents,
      dueOn: addDays(issueDay, terms.termsDays),
      warnings,
      existingInvoice: inv,
      postponedUntil: postponed,
    });
  }
  return {
    period,
    currency,
    clients: out,
    totalCents: out.reduce((s, c) => s + c.totalCents, 0),
    warningCount: out.reduce((s, c) => s + c.warnings.filter((w) => w.kind !== 'noEmail').length, 0),
  };
}

// ------------------------------------------------------------------ generate

class NothingToInvoice extends Error {}

export interface GenerateOptions {
  companyIds?: readonly number[];
  /** 'refuse': a client already invoiced for the period → 409 (the API); 'skip': leave it (the job). */
  existing: 'refuse' | 'skip';
  userId?: number | null;
  /** E-mail each new invoice (default true). */
  send?: boolean;
}

/** One client's invoice in one transaction (see the header); null when it has nothing to invoice. */
async function generateOne(
  tx: Tx,
  tenantId: number,
  client: ClientRow,
  period: Period,
  ctx: { currency: string; issueDay: string; userId: number | null },
  existing: GenerateOptions['existing'],
): Promise<{ id: number } | { skipped: string } | null> {
  // 1. The tenant's counter, locked: generation runs one at a time per tenant.
  await tx.insert(invoiceCounters).values({ tenantId, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.tenantId, tenantId))
    .for('update');
  // 2. One live invoice per client and period.
  const [live] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.companyId, client.id),
        ne(invoices.status, 'void'),
        eq(invoices.periodStart, period.from),
        eq(invoices.periodEnd, period.to),
      ),
    );
  if (live) {
    const message = `${client.name} already has invoice ${invoiceNumberText(live.number)} for ${period.from} to ${period.to}; void it to invoice again`;
    if (existing === 'refuse') throw conflict(message);
    return { skipped: message };
  }
  const terms = await termsOf(tx, tenantId, client.id);
  if (terms.postponeDate && terms.postponeDate > ctx.issueDay)
    return { skipped: `Invoicing postponed until ${terms.postponeDate}` };
  // 3. The invoice, numbered, claims its charges.
  const number = counter.lastNumber + 1;
  const [inv] = await tx
    .insert(invoices)
    .values({
      tenantId,
      companyId: client.id,
      number,
      periodStart: period.from,
      periodEnd: period.to,
      status: 'issued',
      currency: ctx.currency,
      subtotalCents: 0,
      taxName: TAX_NAME,
      taxPercent: terms.taxPercent,
      taxCents: 0,
      totalCents: 0,
      dueOn: addDays(ctx.issueDay, terms.termsDays),
      createdBy: ctx.userId,
    })
    .returning({ id: invoices.id });
  const claimed = await tx
    .update(charges)
    .set({ invoiceId: inv.id })
    .where(and(uninvoiced(tenantId, period), eq(charges.companyId, client.id)))
    .returning({ id: charges.id });
  if (!claimed.length) throw new NothingToInvoice();
  // 4. Lines and totals from exactly the claimed charges.
  // By the invoice alone (its id is the tenant's): the invoice index, whatever the statistics say.
  const mine = eq(charges.invoiceId, inv.id);
  const [rows, days] = await Promise.all([lineRows(tx, mine), storageDays(tx, mine)]);
  const body = bodyOf(rows, days.get(client.id) ?? 0);
  const lines = body.categories.flatMap((c) => c.lines);
  if (lines.length)
    await tx.insert(invoiceLines).values(
      lines.map((l) => ({
        tenantId,
        invoiceId: inv.id,
        position: l.position,
        category: l.category,
        code: l.code,
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        amountCents: l.amountCents,
      })),
    );
  const taxCents = taxOf(body.subtotalCents, terms.taxPercent);
  await tx
    .update(invoices)
    .set({ subtotalCents: body.subtotalCents, taxCents, totalCents: body.subtotalCents + taxCents })
    .where(eq(invoices.id, inv.id));
  // The client's users see it in the app, in the client's language; the invoice's own e-mail goes
  // to the billing address.
  const words = invoiceFormats(await clientLanguage(tx, tenantId, client.id, client.email), ctx.currency);
  const numberText = invoiceNumberText(number);
  await recordNotification(tx, {
    tenantId,
    companyId: client.id,
    kind: 'invoice.issued',
    subject: words.t('mail.invoice.notice', { number: numberText }),
    body: words.t('mail.invoice.noticeBody', {
      number: numberText,
      start: words.day(period.from),
      end: words.day(period.to),
      total: words.money(body.subtotalCents + taxCents),
      due: words.day(addDays(ctx.issueDay, terms.termsDays)),
    }),
    link: `/apps/invoice/detail/${inv.id}`,
  });
  await tx.update(invoiceCounters).set({ lastNumber: number }).where(eq(invoiceCounters.tenantId, tenantId));
  return { id: inv.id };
}

/**
 * One invoice per client with charges in the period (or per given client). With `existing:
 * 'refuse'` (the API) a client already invoiced for the period answers 409 before anything is
 * written; with 'skip' (the job) it is left as it is, so a re-run, a run killed mid-way or two
 * runs at once end with the same invoices and no gap.
 */
export async function generate(
  deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'config'>,
  tenantId: number,
  period: Period,
  opts: GenerateOptions,
  progress?: (done: number, total: number) => Promise<void>,
): Promise<InvoiceGenerateResult> {
  const db = deps.db;
  await priceEvents(db, tenantId);
  let targets: ClientRow[];
  if (opts.companyIds) {
    targets = await clientsOf(db, tenantId, opts.companyIds);
    const known = new Set(targets.map((t) => t.id));
    const unknown = opts.companyIds.filter((id) => !known.has(id));
    if (unknown.length) throw notFound(`Client ${unknown.join(', ')}`);
  } else {
    const ids = await db
      .selectDistinct({ companyId: charges.companyId })
      .from(charges)
      .where(uninvoiced(tenantId, period));
    targets = await clientsOf(
      db,
      tenantId,
      ids.map((r) => r.companyId),
    );
  }
  if (opts.existing === 'refuse') {
    // Refuse before writing anything: a second invoice for one client and period is a conflict,
    // also when "all clients" is asked and that client has nothing new to invoice.
    const live = await liveInvoicesFor(db, tenantId, period);
    const scope = opts.companyIds ? targets : await clientsOf(db, tenantId);
    const clashes = scope.filter((c) => live.has(c.id));
    if (clashes.length && (opts.companyIds || !targets.some((c) => !live.has(c.id))))
      throw conflict(
        clashes
          .map((c) => `${c.name} already has invoice ${live.get(c.id)!.number} for ${period.from} to ${period.to}`)
          .join('; ') + '; void it to invoice again',
      );
    if (clashes.length) targets = targets.filter((c) => !live.has(c.id));
  }
  const currency = await readTenantSetting(db, tenantId, 'CURRENCY');
  const issueDay = today(deps);
  const made: number[] = [];
  const skipped: InvoiceGenerateResult['skipped'] = [];
  let done = 0;
  for (const client of targets) {
    try {
      const r = await db.transaction((tx) =>
        generateOne(tx, tenantId, client, period, { currency, issueDay, userId: opts.userId ?? null }, opts.existing),
      );
      if (r && 'id' in r) made.push(r.id);
      else if (r) skipped.push({ companyId: client.id, companyName: client.name, reason: r.skipped });
    } catch (err) {
      if (err instanceof NothingToInvoice) {
        if (opts.companyIds)
          skipped.push({
            companyId: client.id,
            companyName: client.name,
            reason: 'No charges to invoice in the period',
          });
      } else throw err;
    }
    done += 1;
    if (progress) await progress(done, targets.length);
  }
  if (opts.send ?? true) {
    for (const id of made) await sendInvoiceMail(deps, tenantId, id, { quiet: true, onlyUnsent: true });
  }
  const list = made.length
    ? await summaries(db, and(eq(invoices.tenantId, tenantId), inArray(invoices.id, made))!)
    : [];
  return { period, invoices: list, skipped };
}

// ------------------------------------------------------------------ reading

const summaryColumns = {
  id: invoices.id,
  number: invoices.number,
  companyId: invoices.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  status: invoices.status,
  currency: invoices.currency,
  subtotalCents: invoices.subtotalCents,
  taxName: invoices.taxName,
  taxPercent: sql<string>`${invoices.taxPercent}::text`,
  taxCents: invoices.taxCents,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  issuedAt: invoices.issuedAt,
  dueOn: invoices.dueOn,
  emailedAt: invoices.emailedAt,
  voidedAt: invoices.voidedAt,
  voidReason: invoices.voidReason,
};
type SummaryRow = {
  [K in keyof typeof summaryColumns]: unknown;
};

const iso = (v: unknown) => (v ? new Date(String(v)).toISOString() : null);

function summaryOf(r: SummaryRow, day: string): InvoiceSummary {
  const status = r.status as InvoiceSummary['status'];
  const total = Number(r.totalCents);
  const paid = Number(r.paidCents);
  const balance = status === 'void' ? 0 : total - paid;
  return {
    id: r.id as number,
    number: invoiceNumberText(r.number as number),
    companyId: r.companyId as number,
    companyName: r.companyName as string,
    accountNo: r.accountNo as string,
    periodStart: r.periodStart as string,
    periodEnd: r.periodEnd as string,
    status,
    currency: r.currency as string,
    subtotalCents: Number(r.subtotalCents),
    taxName: (r.taxName as string | null) ?? TAX_NAME,
    taxPercent: trimDecimal(r.taxPercent as string),
    taxCents: Number(r.taxCents),
    totalCents: total,
    paidCents: paid,
    balanceCents: balance,
    issuedAt: iso(r.issuedAt)!,
    dueOn: r.dueOn as string,
    overdue: status === 'issued' && balance > 0 && (r.dueOn as string) < day,
    emailedAt: iso(r.emailedAt),
    voidedAt: iso(r.voidedAt),
    voidReason: r.voidReason as string | null,
  };
}

async function summaries(db: DbOrTx, where: SQL): Promise<InvoiceSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(asc(invoices.number));
  const day = new Date().toISOString().slice(0, 10);
  return rows.map((r) => summaryOf(r, day));
}

/** The caller's scope: the tenant, and a client's own company only. */
const scopeOf = (ctx: RequestContext): SQL =>
  ctx.isClient
    ? and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.companyId, ctx.companyId))!
    : eq(invoices.tenantId, ctx.tenantId);

export interface ListFilter {
  status?: (typeof INVOICE_STATUS_FILTERS)[number];
  companyId?: number;
  month?: string;
  from?: string;
  to?: string;
  q?: string;
}

export async function list(deps: Pick<Deps, 'db' | 'now'>, ctx: RequestContext, page: PageRequest, f: ListFilter) {
  const where: SQL[] = [scopeOf(ctx)];
  if (f.status === 'unpaid')
    where.push(eq(invoices.status, 'issued'), sql`${invoices.totalCents} > ${invoices.paidCents}`);
  else if (f.status) where.push(eq(invoices.status, f.status));
  if (f.companyId) where.push(eq(invoices.companyId, f.companyId));
  if (f.month || f.from || f.to) {
    const p = periodOf(f);
    // Invoices whose period overlaps the asked one.
    where.push(lte(invoices.periodStart, p.to), gte(invoices.periodEnd, p.from));
  }
  if (f.q) {
    const digits = f.q.replace(/\D/g, '');
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      sql`(${companies.name} ilike ${like} or ${companies.accountNo} ilike ${like}${
        digits ? sql` or ${invoices.number} = ${Number(digits.slice(0, 9))}` : sql``
      })`,
    );
  }
  const day = today(deps);
  const page_ = await pageOfQuery(
    deps.db,
    page,
    () =>
      deps.db
        .select(summaryColumns)
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(and(...where))
        .$dynamic(),
    [desc(invoices.periodStart), desc(invoices.number)],
  );
  return { ...page_, content: page_.content.map((r) => summaryOf(r, day)) };
}

async function one(db: DbOrTx, ctx: RequestContext | { tenantId: number; isClient: false }, id: number) {
  const scope = 'companyId' in ctx ? scopeOf(ctx) : eq(invoices.tenantId, ctx.tenantId);
  const [row] = await db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(scope, eq(invoices.id, id)));
  if (!row) throw notFound('Invoice');
  return row;
}

function addressLines(
  a:
    | {
        line1: string | null;
        line2?: string | null;
        city: string | null;
        state: string | null;
        postalCode: string | null;
        countryCode: string | null;
      }
    | undefined,
): string[] {
  if (!a || !a.line1) return [];
  return [
    a.line1,
    a.line2 ?? '',
    [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.countryCode ?? '',
  ].filter(Boolean);
}

async function partyOf(db: DbOrTx, tenantId: number, companyId: number) {
  const [c] = await db
    .select({
      name: companies.name,
      email: companies.email,
      phone: companies.phone,
      taxId: companies.taxId,
      accountNo: companies.accountNo,
    })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.id, companyId)));
  const [a] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.tenantId, tenantId), eq(addresses.companyId, companyId)))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .limit(1);
  return { company: c, address: a };
}

async function warehouseParty(db: DbOrTx, tenantId: number, t: TFunction) {
  const [owner] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.isOwner, true)))
    .limit(1);
  const p = owner ? await partyOf(db, tenantId, owner.id) : null;
  let lines = addressLines(p?.address);
  if (!lines.length) {
    const [w] = await db
      .select()
      .from(warehouses)
      .where(eq(warehouses.tenantId, tenantId))
      .orderBy(desc(warehouses.active), asc(warehouses.id))
      .limit(1);
    lines = addressLines(w ? { ...w, line2: null } : undefined);
  }
  if (p?.company?.phone) lines.push(p.company.phone);
  if (p?.company?.taxId) lines.push(`${t('invoicePdf.taxId')} ${p.company.taxId}`);
  return { name: p?.company?.name ?? 'Warehouse', lines, email: p?.company?.email ?? null };
}

type InvoiceReader = RequestContext | { tenantId: number; isClient: false };

/**
 * An invoice with its lines (by category), storage summary, payments and both parties; its words
 * (line descriptions, the parties' labels) in a language: the reader's on the screens.
 */
export async function detail(db: DbOrTx, ctx: InvoiceReader, id: number, language: Language = 'en') {
  return (await detailIn(db, ctx, id, language)).inv;
}

/** The invoice as its client reads it (the PDF, the e-mail): in the client's language (words.ts). */
export const clientDetail = (db: DbOrTx, ctx: InvoiceReader, id: number) => detailIn(db, ctx, id, 'client');

async function detailIn(
  db: DbOrTx,
  ctx: InvoiceReader,
  id: number,
  wanted: Language | 'client',
): Promise<{ inv: InvoiceDetail; language: Language }> {
  const row = await one(db, ctx, id);
  const tenantId = ctx.tenantId;
  const summary = summaryOf(row, new Date().toISOString().slice(0, 10));
  const mine = eq(charges.invoiceId, id);
  const stored = await db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.invoiceId, id)))
    .orderBy(asc(invoiceLines.position));
  // Counts of charges per line (live invoices only: a void one has released its charges).
  const counts = summary.status === 'void' ? [] : await lineRows(db, mine);
  const countOf = (code: string, unitPrice: string) =>
    counts.find((c) => c.code === code && priceText(c.unitPrice) === priceText(unitPrice))?.chargeCount ?? 0;
  const categories: InvoiceDetail['categories'] = [];
  for (const l of stored) {
    const category = l.category as ChargeCategory;
    let g = categories[categories.length - 1];
    if (!g || g.category !== category) categories.push((g = { category, amountCents: 0, lines: [] }));
    g.lines.push({
      position: l.position,
      category,
      code: l.code,
      description: l.description,
      unit: chargeCodeDef(l.code)?.unit ?? 'each',
      quantity: qtyText(l.quantity),
      unitPrice: priceText(l.unitPrice),
      amountCents: Number(l.amountCents),
      chargeCount: countOf(l.code, l.unitPrice),
    });
    g.amountCents += Number(l.amountCents);
  }
  let storage: StorageSummary | null = null;
  const storageLines = stored.filter((l) => l.category === 'storage');
  if (storageLines.length) {
    const days = summary.status === 'void' ? new Map<number, number>() : await storageDays(db, mine);
    const rows: LineRow[] = storageLines.map((l) => ({
      companyId: summary.companyId,
      category: l.category,
      code: l.code,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      amountCents: Number(l.amountCents),
      chargeCount: 0,
      unpriced: 0,
      firstDescription: l.description,
      lastDescription: l.description,
    }));
    storage = bodyOf(rows, days.get(summary.companyId) ?? 0).storage;
  }
  const payments = await db
    .select({
      id: financeTransactions.id,
      kind: financeTransactions.kind,
      method: financeTransactions.method,
      status: financeTransactions.status,
      amountCents: financeTransactions.amountCents,
      createdAt: financeTransactions.createdAt,
    })
    .from(financeTransactions)
    .where(and(eq(financeTransactions.tenantId, tenantId), eq(financeTransactions.invoiceId, id)))
    .orderBy(asc(financeTransactions.createdAt), asc(financeTransactions.id));
  const client = await partyOf(db, tenantId, summary.companyId);
  const language =
    wanted === 'client' ? await clientLanguage(db, tenantId, summary.companyId, client.company?.email ?? null) : wanted;
  const t = translator(language);
  const [from, funds] = await Promise.all([
    warehouseParty(db, tenantId, t),
    fundsStatement(db, tenantId, summary.companyId, { from: summary.periodStart, to: summary.periodEnd }),
  ]);
  const toLines = [
    `${t('invoicePdf.account')} ${client.company?.accountNo ?? summary.accountNo}`,
    ...addressLines(client.address),
  ];
  if (client.company?.taxId) toLines.push(`${t('invoicePdf.taxId')} ${client.company.taxId}`);
  const inv: InvoiceDetail = {
    ...summary,
    categories: categories.map((c) => ({
      ...c,
      lines: c.lines.map((l) => ({ ...l, description: lineDescription(t, l) })),
    })),
    storage,
    chargeCount: counts.reduce((s, c) => s + c.chargeCount, 0),
    payments: payments.map((p) => ({ ...p, amountCents: Number(p.amountCents), createdAt: iso(p.createdAt)! })),
    funds,
    from,
    to: { name: summary.companyName, lines: toLines, email: client.company?.email ?? null },
  };
  return { inv, language };
}

export async function items(db: DbOrTx, ctx: RequestContext, page: PageRequest, invoiceId: number) {
  await one(db, ctx, invoiceId);
  const p = await pageOfQuery(
    db,
    page,
    () =>
      db
        .select()
        .from(invoiceLines)
        .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, invoiceId)))
        .$dynamic(),
    [asc(invoiceLines.position)],
  );
  return {
    ...p,
    content: p.content.map((l) => ({
      id: l.id,
      invoiceId: l.invoiceId,
      position: l.position,
      category: l.category as ChargeCategory,
      code: l.code,
      description: l.description,
      unit: chargeCodeDef(l.code)?.unit ?? ('each' as const),
      quantity: qtyText(l.quantity),
      unitPrice: priceText(l.unitPrice),
      amountCents: Number(l.amountCents),
      chargeCount: 0,
    })),
  };
}

// ------------------------------------------------------------------ void and mail

/**
 * Voids an invoice: it keeps its number (numbers are never reused), its charges are released to
 * be invoiced again, and the audit row says who and why. A paid (or part-paid) invoice is refused:
 * its payments are refunded first.
 */
export async function voidInvoice(deps: Pick<Deps, 'db'>, ctx: RequestContext, id: number, reason: string) {
  await deps.db.transaction(async (tx) => {
    const [inv] = await tx
      .select({
        id: invoices.id,
        status: invoices.status,
        paidCents: invoices.paidCents,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id)))
      .for('update');
    if (!inv) throw notFound('Invoice');
    if (inv.status === 'void') throw businessRule('The invoice is already void');
    if (Number(inv.paidCents) > 0) throw businessRule('The invoice has payments: refund them before voiding it');
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: sql`now()`, voidReason: reason })
      .where(eq(invoices.id, id));
    await tx
      .update(charges)
      .set({ invoiceId: null })
      .where(and(eq(charges.tenantId, ctx.tenantId), eq(charges.invoiceId, id)));
    await tx.insert(financeAudit).values({
      tenantId: ctx.tenantId,
      entity: 'invoice',
      entityId: id,
      action: 'void',
      amountCents: Number(inv.totalCents),
      reason,
      userId: ctx.userId,
    });
  });
  return detail(deps.db, ctx, id);
}

export function invoiceLink(deps: Pick<Deps, 'config'>, id: number): string {
  const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  return `${base}/apps/invoice/detail/${id}`;
}

/**
 * E-mails an invoice to its client (a link to it and to its PDF) and records when. `quiet`: a
 * client without an address is left unsent (generation goes on) instead of refused (412). Written
 * in the client's language with its money and date formats (words.ts), as the PDF is.
 */
export async function sendInvoiceMail(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  tenantId: number,
  id: number,
  opts: { quiet?: boolean; onlyUnsent?: boolean } = {},
): Promise<{ id: number; to: string; emailedAt: string } | null> {
  const { inv, language } = await clientDetail(deps.db, { tenantId, isClient: false }, id);
  if (inv.status === 'void') {
    if (opts.quiet) return null;
    throw businessRule('A void invoice is not sent');
  }
  if (!inv.to.email) {
    if (opts.quiet) return null;
    throw businessRule(`${inv.companyName} has no e-mail address: add one to the client first`);
  }
  let emailedAt: unknown;
  if (opts.onlyUnsent) {
    // Claimed before sending, so two runs at once mail it once (at most once: a crash between
    // the claim and the mail log loses that one mail; "send again" is there for it).
    const [claimed] = await deps.db
      .update(invoices)
      .set({ emailedAt: sql`now()` })
      .where(and(eq(invoices.id, id), isNull(invoices.emailedAt)))
      .returning({ emailedAt: invoices.emailedAt });
    if (!claimed) return null;
    emailedAt = claimed.emailedAt;
  }
  const link = invoiceLink(deps, id);
  const f = invoiceFormats(language, inv.currency);
  const { t } = f;
  await deps.mailer.send({
    tenantId,
    to: inv.to.email,
    subject: t('mail.invoice.subject', { number: inv.number, sender: inv.from.name }),
    body: [
      t('mail.greeting', { name: inv.companyName }),
      '',
      t('mail.invoice.ready', { number: inv.number, start: f.day(inv.periodStart), end: f.day(inv.periodEnd) }),
      t('mail.invoice.totals', {
        total: f.money(inv.totalCents),
        balance: f.money(inv.balanceCents),
        due: f.day(inv.dueOn),
      }),
      '',
      t('mail.invoice.view', { link }),
      t('mail.invoice.pdf', { link: `${link.replace('/apps/invoice/detail/', '/api/finance/invoice/')}/pdf` }),
      '',
      inv.from.name,
    ].join('\n'),
    template: 'invoice',
  });
  if (!emailedAt) {
    const [row] = await deps.db
      .update(invoices)
      .set({ emailedAt: sql`now()` })
      .where(eq(invoices.id, id))
      .returning({ emailedAt: invoices.emailedAt });
    emailedAt = row.emailedAt;
  }
  return { id, to: inv.to.email, emailedAt: iso(emailedAt)! };
}

/** The job's last step: every live invoice of the period not yet e-mailed is sent (a killed run's too). */
export async function sendUnsent(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, tenantId: number, period: Period) {
  const rows = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        ne(invoices.status, 'void'),
        isNull(invoices.emailedAt),
        eq(invoices.periodStart, period.from),
        eq(invoices.periodEnd, period.to),
      ),
    );
  let sent = 0;
  for (const r of rows) if (await sendInvoiceMail(deps, tenantId, r.id, { quiet: true, onlyUnsent: true })) sent += 1;
  return sent;
}

export type { Db };
