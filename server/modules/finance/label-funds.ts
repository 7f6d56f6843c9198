/**
 * Shipping Label Funds (spec §2, §4 DEPOSIT/SHIPPING): a client's prepaid money for shipping
 * labels. Deposits come by card (checkout.ts); each label bought draws its cost plus the
 * warehouse's upcharge (drawLabelFunds); the statement (balances) lists both with a running balance.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { lineAmountCents, percentOfCents } from '../../../domain/rules/money.js';
import { pageOffset, pageRequest } from '../../../domain/paging.js';
import type { BalancePage, BalanceQuery, LabelDraw } from '../../../domain/schemas/finance.js';
import type { FundsStatement } from '../../../domain/schemas/invoices.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { charges, companies, financeTransactions } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { appendCharges } from '../billing/ledger.js';
import { feeSettingsOf } from '../settings/fees.js';
import {
  auditFinance,
  clientInScope,
  currencyOf,
  FUND_CATEGORIES,
  FUNDS_IN_KINDS,
  labelBalanceOf,
  signedFundAmount,
} from './common.js';

export const LABEL_SOURCE = 'shipping_label';

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The warehouse's upcharge on a label: SHIPPING_UPCHARGE_PERCENT of its cost, at least the minimum. */
export function labelUpchargeCents(costCents: number, percent: string, minimumDollar: string): number {
  return Math.max(percentOfCents(costCents, percent), lineAmountCents(1, minimumDollar));
}

/**
 * Pays for one shipping label, inside the label purchase's own transaction, settled exactly one
 * way (decision 0019): 1. lock the client (two labels at once cannot both spend the last dollars);
 * 2. a label already paid for answers how it was paid (idempotent per label); 3. cost + upcharge;
 * 4. the funds cover it: a draw (category SHIPPING) and its SHIPPING_LABEL charge settled by
 * funds, which no invoice ever claims; short and the client's ENFORCE_PAYMENT_METHOD on: 412;
 * short and off: no draw, the charge goes on the client's next invoice instead. The funds never
 * go below zero, and the label is never paid twice.
 */
export async function drawLabelFunds(
  tx: Tx,
  input: { tenantId: number; companyId: number; labelId: number | string; costCents: number; userId: number | null },
): Promise<LabelDraw> {
  const { tenantId, companyId, costCents } = input;
  if (!Number.isInteger(costCents) || costCents < 0) throw businessRule('A label’s cost is a whole number of cents');
  const labelId = String(input.labelId);
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, tenantId)))
    .for('update');
  if (!company) throw businessRule('The label’s client is not a client of this warehouse');

  const paid = await labelCharge(tx, tenantId, labelId);
  if (paid) {
    const [draw] = await tx
      .select({ id: financeTransactions.id })
      .from(financeTransactions)
      .where(
        and(
          eq(financeTransactions.tenantId, tenantId),
          eq(financeTransactions.kind, 'label_purchase'),
          eq(financeTransactions.sourceType, LABEL_SOURCE),
          eq(financeTransactions.sourceId, labelId),
        ),
      );
    return {
      paidFrom: paid.settledBy === 'funds' ? 'funds' : 'invoice',
      transactionId: draw?.id ?? null,
      costCents: partsOf(paid.details)?.costCents ?? paid.amountCents,
      upchargeCents: partsOf(paid.details)?.upchargeCents ?? 0,
      totalCents: paid.amountCents,
      balanceCents: await labelBalanceOf(tx, tenantId, companyId),
      duplicate: true,
    };
  }

  const fees = await feeSettingsOf(tx, tenantId, companyId);
  const upchargeCents = labelUpchargeCents(
    costCents,
    fees.SHIPPING_UPCHARGE_PERCENT,
    fees.SHIPPING_UPCHARGE_MINIMUM_DOLLAR,
  );
  const totalCents = costCents + upchargeCents;
  if (totalCents <= 0) throw businessRule('A label that costs nothing draws nothing');
  const currency = await currencyOf(tx, tenantId);
  const before = await labelBalanceOf(tx, tenantId, companyId);
  const fromFunds = before >= totalCents;
  if (!fromFunds && fees.ENFORCE_PAYMENT_METHOD)
    throw businessRule(
      `Shipping label funds are short: the label costs ${dollars(totalCents)} ${currency} and the balance is ${dollars(before)} ${currency}. Add funds first.`,
    );

  // The draw's moment and the charge's service day are one clock, so each day's draws and label
  // charges agree in the reconciliation (decision 0019).
  const at = new Date().toISOString();
  let transactionId: number | null = null;
  if (fromFunds) {
    const [draw] = await tx
      .insert(financeTransactions)
      .values({
        tenantId,
        companyId,
        kind: 'label_purchase',
        category: 'SHIPPING',
        method: 'funds',
        amountCents: totalCents,
        currency,
        status: 'succeeded',
        sourceType: LABEL_SOURCE,
        sourceId: labelId,
        note: `Shipping label ${labelId}`,
        createdBy: input.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    transactionId = draw.id;
    await auditFinance(tx, {
      tenantId,
      entity: 'transaction',
      entityId: draw.id,
      action: 'label-draw',
      amountCents: totalCents,
      userId: input.userId,
    });
  }
  await appendCharges(tx, [
    {
      tenantId,
      companyId,
      code: 'SHIPPING_LABEL',
      description: `Shipping label ${labelId}`,
      quantity: 1,
      unitPrice: dollars(totalCents),
      amountCents: totalCents,
      currency,
      rule: {
        source: 'event',
        feeKey: 'SHIPPING_UPCHARGE_PERCENT',
        note: `label cost + ${fees.SHIPPING_UPCHARGE_PERCENT}% upcharge, at least ${fees.SHIPPING_UPCHARGE_MINIMUM_DOLLAR}`,
      },
      sourceType: LABEL_SOURCE,
      sourceId: labelId,
      serviceDate: at.slice(0, 10),
      settledBy: fromFunds ? 'funds' : 'invoice',
      details: { costCents, upchargeCents, paidFrom: fromFunds ? 'labelFunds' : 'invoice', transactionId },
      createdBy: input.userId,
    },
  ]);
  return {
    paidFrom: fromFunds ? 'funds' : 'invoice',
    transactionId,
    costCents,
    upchargeCents,
    totalCents,
    balanceCents: fromFunds ? before - totalCents : before,
    duplicate: false,
  };
}

/**
 * A voided label's money goes back where it came from, once (decision 0019): a label paid from
 * funds gets a label_refund into the funds and a negative charge settled by funds; a label on an
 * invoice gets a negative charge the next invoice claims (a credit line). Both are keyed by the
 * label, so a retried void gives back nothing twice. Returns what was given back, in cents.
 */
export async function giveBackLabel(
  tx: Tx,
  input: { tenantId: number; companyId: number; labelId: string; userId: number | null; reason: string; at: string },
): Promise<number> {
  const { tenantId, companyId, labelId } = input;
  const paid = await labelCharge(tx, tenantId, labelId);
  if (!paid || paid.companyId !== companyId) return 0;
  const settledBy = paid.settledBy === 'funds' ? 'funds' : 'invoice';
  const written = await appendCharges(tx, [
    {
      tenantId,
      companyId,
      code: 'SHIPPING_LABEL',
      description: `Shipping label ${labelId} voided`,
      quantity: -1,
      unitPrice: dollars(paid.amountCents),
      amountCents: -paid.amountCents,
      currency: paid.currency,
      rule: { source: 'event', note: 'label voided: its charge taken back' },
      sourceType: LABEL_SOURCE,
      sourceId: `${labelId}:void`,
      serviceDate: input.at.slice(0, 10),
      adjustsChargeId: paid.id,
      settledBy,
      details: {
        costCents: -(partsOf(paid.details)?.costCents ?? 0),
        upchargeCents: -(partsOf(paid.details)?.upchargeCents ?? 0),
        paidFrom: settledBy === 'funds' ? 'labelFunds' : 'invoice',
      },
      createdBy: input.userId,
    },
  ]);
  if (!written) return 0;
  if (settledBy === 'funds') {
    const [refund] = await tx
      .insert(financeTransactions)
      .values({
        tenantId,
        companyId,
        kind: 'label_refund',
        category: 'SHIPPING',
        method: 'funds',
        amountCents: paid.amountCents,
        currency: paid.currency,
        status: 'succeeded',
        sourceType: LABEL_SOURCE,
        sourceId: labelId,
        note: `Shipping label ${labelId} voided: funds given back`,
        createdBy: input.userId,
        createdAt: input.at,
        updatedAt: input.at,
      })
      .returning();
    await auditFinance(tx, {
      tenantId,
      entity: 'transaction',
      entityId: refund.id,
      action: 'label-void',
      amountCents: paid.amountCents,
      reason: input.reason,
      userId: input.userId,
    });
  }
  return paid.amountCents;
}

/** The label's own SHIPPING_LABEL charge (not its void). */
async function labelCharge(db: DbOrTx, tenantId: number, labelId: string) {
  const [charge] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.tenantId, tenantId),
        eq(charges.code, 'SHIPPING_LABEL'),
        eq(charges.sourceType, LABEL_SOURCE),
        eq(charges.sourceId, labelId),
      ),
    );
  return charge ?? null;
}

function partsOf(d: Record<string, unknown> | null | undefined) {
  if (!d || typeof d.costCents !== 'number' || typeof d.upchargeCents !== 'number') return null;
  return { costCents: d.costCents, upchargeCents: d.upchargeCents };
}

/** A label draw's cost and upcharge, from its SHIPPING_LABEL charge (warehouse eyes only). */
export async function drawParts(
  db: DbOrTx,
  tenantId: number,
  labelId: string,
): Promise<{ costCents: number; upchargeCents: number } | null> {
  return partsOf((await labelCharge(db, tenantId, labelId))?.details);
}

const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const nextDayStart = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString();

/** The label funds statement (spec balance query), newest first, with the balance after each line. */
export async function balances(deps: Deps, ctx: RequestContext, q: BalanceQuery): Promise<BalancePage> {
  const company = await clientInScope(deps.db, ctx, q.companyId);
  const page = pageRequest(q);
  const t = financeTransactions;
  const categories = q.balanceType && q.balanceType !== 'ALL' ? [q.balanceType] : [...FUND_CATEGORIES];
  // The running balance runs over every fund line of the client, before the filters.
  const statement = deps.db
    .select({
      id: t.id,
      kind: t.kind,
      category: t.category,
      status: t.status,
      amountCents: t.amountCents,
      sourceId: t.sourceId,
      note: t.note,
      createdAt: t.createdAt,
      running:
        sql<string>`sum(case when ${t.status} = 'succeeded' then ${signedFundAmount} else 0 end) over (order by ${t.createdAt}, ${t.id})`.as(
          'running',
        ),
    })
    .from(t)
    .where(and(eq(t.tenantId, ctx.tenantId), eq(t.companyId, company.id), inArray(t.category, [...FUND_CATEGORIES])))
    .as('statement');
  const where = and(
    inArray(statement.category, categories),
    q.beginDate ? gte(statement.createdAt, dayStart(q.beginDate)) : undefined,
    q.endDate ? lt(statement.createdAt, nextDayStart(q.endDate)) : undefined,
  );
  const [{ n }] = await deps.db
    .select({ n: sql<string>`count(*)`.mapWith(Number) })
    .from(statement)
    .where(where);
  const rows = await deps.db
    .select()
    .from(statement)
    .where(where)
    .orderBy(desc(statement.createdAt), desc(statement.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));

  const [pending] = await deps.db
    .select({ cents: sql<string>`coalesce(sum(${t.amountCents}), 0)`.mapWith(Number) })
    .from(t)
    .where(
      and(eq(t.tenantId, ctx.tenantId), eq(t.companyId, company.id), eq(t.kind, 'deposit'), eq(t.status, 'pending')),
    );
  const fees = await feeSettingsOf(deps.db, ctx.tenantId, company.id);
  const content = [];
  for (const r of rows) {
    const amount = FUNDS_IN_KINDS.includes(r.kind) ? r.amountCents : -r.amountCents;
    const entry: BalancePage['content'][number] = {
      transactionId: r.id,
      kind: r.kind as BalancePage['content'][number]['kind'],
      category: r.category ?? '',
      status: r.status as BalancePage['content'][number]['status'],
      amountCents: amount,
      runningBalanceCents: Number(r.running),
      labelId: r.kind === 'label_purchase' || r.kind === 'label_refund' ? r.sourceId : null,
      note: r.note,
      createdAt: new Date(r.createdAt).toISOString(),
    };
    if (!ctx.isClient && r.kind === 'label_purchase' && r.sourceId) {
      const parts = await drawParts(deps.db, ctx.tenantId, r.sourceId);
      if (parts) Object.assign(entry, parts);
    }
    content.push(entry);
  }
  return {
    content,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: n,
    companyId: company.id,
    companyName: company.name,
    currency: await currencyOf(deps.db, ctx.tenantId),
    balanceCents: await labelBalanceOf(deps.db, ctx.tenantId, company.id),
    pendingCents: pending?.cents ?? 0,
    enforcePaymentMethod: fees.ENFORCE_PAYMENT_METHOD,
  };
}

/**
 * The client's label funds over a period of UTC days, for its invoice (decision 0019): opening and
 * closing balance, top-ups (net of refunded deposits), labels drawn and given back. Null when
 * nothing moved and nothing is held.
 */
export async function fundsStatement(
  db: DbOrTx,
  tenantId: number,
  companyId: number,
  period: { from: string; to: string },
): Promise<FundsStatement | null> {
  const t = financeTransactions;
  const inPeriod = sql`(${t.createdAt} at time zone 'UTC')::date between ${period.from}::date and ${period.to}::date`;
  const before = sql`(${t.createdAt} at time zone 'UTC')::date < ${period.from}::date`;
  const cents = (expr: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      opening: cents(sql`case when ${before} then ${signedFundAmount} end`),
      topUps: cents(
        sql`case when ${inPeriod} and ${t.kind} = 'deposit' then ${t.amountCents} when ${inPeriod} and ${t.kind} = 'refund' then -${t.amountCents} end`,
      ),
      labels: cents(sql`case when ${inPeriod} and ${t.kind} = 'label_purchase' then ${t.amountCents} end`),
      labelCount: sql<string>`count(*) filter (where ${inPeriod} and ${t.kind} = 'label_purchase')`.mapWith(Number),
      givenBack: cents(sql`case when ${inPeriod} and ${t.kind} = 'label_refund' then ${t.amountCents} end`),
      moved: sql<string>`count(*) filter (where ${inPeriod})`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.companyId, companyId),
        eq(t.status, 'succeeded'),
        inArray(t.category, [...FUND_CATEGORIES]),
      ),
    );
  if (!row || (row.moved === 0 && row.opening === 0)) return null;
  return {
    openingCents: row.opening,
    topUpsCents: row.topUps,
    labelCount: row.labelCount,
    labelsCents: row.labels,
    givenBackCents: row.givenBack,
    closingCents: row.opening + row.topUps - row.labels + row.givenBack,
  };
}
