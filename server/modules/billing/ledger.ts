/**
 * The charges ledger (issue 21; decision 0014): append-only lines, each from one source, priced
 * once and rounded once (domain/rules/money.ts). `appendCharges` is idempotent per (code, source):
 * a re-run, a retried job or two runs at once write nothing twice. `priceEvents` turns what the
 * workflows recorded (charge_events, and the problems' pending_charges) into lines.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  chargeCodeDef,
  prepChargeCode,
  type FixedChargeCode,
  type PriceRule,
} from '../../../domain/billing/charge-codes.js';
import { lineAmountCents } from '../../../domain/rules/money.js';
import type { ChargeEventKind, ChargeSettlement } from '../../../domain/schemas/charges.js';
import type { DbOrTx } from '../../db/client.js';
import { chargeEvents, charges, pendingCharges } from '../../db/schema/index.js';
import { loadPriceBook, type PriceBook } from './price-book.js';
import { outer } from '../../db/outer.js';

export interface NewCharge {
  tenantId: number;
  companyId: number;
  code: string;
  description: string;
  /** Decimal (up to 4 places). */
  quantity: string | number;
  /** Decimal, major unit (up to 6 places). */
  unitPrice: string;
  /** When the amount is not quantity × unit price (an upcharge with a minimum): given, in cents. */
  amountCents?: number;
  currency: string;
  rule: PriceRule;
  sourceType: string;
  sourceId: string;
  serviceDate: string;
  adjustsChargeId?: number | null;
  /** 'funds' when prepaid funds paid it as it happened (decision 0019); default 'invoice'. */
  settledBy?: ChargeSettlement;
  details?: Record<string, unknown>;
  createdBy?: number | null;
}

/** Appends lines; a line whose (code, source) is already there is skipped. Returns how many were new. */
export async function appendCharges(tx: DbOrTx, lines: readonly NewCharge[]): Promise<number> {
  if (!lines.length) return 0;
  const rows = lines.map((l) => {
    const def = chargeCodeDef(l.code);
    if (!def) throw new Error(`Unknown charge code ${l.code}`);
    return {
      tenantId: l.tenantId,
      companyId: l.companyId,
      code: l.code,
      category: def.category,
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: l.unitPrice,
      amountCents: l.amountCents ?? lineAmountCents(l.quantity, l.unitPrice),
      currency: l.currency,
      rule: l.rule,
      sourceType: l.sourceType,
      sourceId: l.sourceId,
      serviceDate: l.serviceDate,
      adjustsChargeId: l.adjustsChargeId ?? null,
      settledBy: l.settledBy ?? 'invoice',
      details: l.details ?? {},
      createdBy: l.createdBy ?? null,
    };
  });
  const inserted = await tx.insert(charges).values(rows).onConflictDoNothing().returning({ id: charges.id });
  return inserted.length;
}

const EVENT_CODE: Record<ChargeEventKind, FixedChargeCode | null> = {
  box_packed: 'BOX_PACKED',
  unit_prepped: null, // per prep type
  unit_labelled: 'FNSKU_LABEL',
  pallet_built: 'PALLET_BUILT',
  shipment_shipped: 'SHIPMENT_SHIPPED',
  freight_charged: 'FREIGHT',
  unit_received: 'UNIT_RECEIVED',
  unit_sorted: 'ITEM_SORT',
  unit_disposed: 'ITEM_DISPOSAL',
  bundle_built: null, // base + extra items
  fbm_order_shipped: null, // per SKU + extra items
  prep_material_used: 'PREP_MATERIAL',
};

type EventRow = typeof chargeEvents.$inferSelect;
const day = (at: string) => at.slice(0, 10);
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The lines one recorded event becomes. */
async function linesOfEvent(book: PriceBook, e: EventRow): Promise<NewCharge[]> {
  const serviceDate = day(e.at);
  const d = e.details;
  const channel = str(d.channel);
  const base = {
    tenantId: e.tenantId,
    companyId: e.companyId,
    currency: book.currency,
    sourceType: 'charge_event',
    sourceId: String(e.id),
    serviceDate,
    details: { kind: e.kind, eventSource: `${e.sourceType}:${e.sourceId}`, ...d },
    createdBy: e.userId,
  };
  const priced = async (code: string, quantity: number, description: string): Promise<NewCharge> => {
    const p = await book.price(e.companyId, code, serviceDate, { planCategory: channel || undefined });
    return { ...base, code, quantity, description, unitPrice: p.unitPrice, rule: p.rule };
  };
  // What the line was for, as a person names it: the SKU, else the plan by its name (not its id).
  const what = [channel.toUpperCase(), str(d.msku) || str(d.planName) || str(d.planId && `plan ${str(d.planId)}`)]
    .filter(Boolean)
    .join(' ');

  switch (e.kind as ChargeEventKind) {
    case 'unit_prepped':
      return [await priced(prepChargeCode(str(d.prepType)), e.quantity, `${str(d.prepType)} ${what}`.trim())];
    case 'freight_charged': {
      const amount = Number(d.amountCents ?? 0);
      return [
        {
          ...base,
          code: 'FREIGHT',
          quantity: 1,
          unitPrice: (amount / 100).toFixed(2),
          amountCents: amount,
          description: `Freight ${str(d.carrier)} PRO ${str(d.proNumber)}`.trim(),
          rule: { source: 'event' },
        },
      ];
    }
    case 'prep_material_used': {
      const unitPrice = str(d.unitPrice) || '0';
      return [
        {
          ...base,
          code: 'PREP_MATERIAL',
          quantity: e.quantity,
          unitPrice,
          description: str(d.materialName) || 'Prep material',
          rule: { source: 'event', note: 'material client price' },
        },
      ];
    }
    case 'bundle_built': {
      const items = Number(d.items ?? 0);
      const f = await book.fees(e.companyId);
      const cap = f.values.MAX_CHARGED_BUNDLE_ITEM_COUNT;
      const extra = Math.max(0, items - 1);
      const charged = cap > 0 ? Math.min(extra, cap) : extra;
      return [
        await priced('BUNDLE_BASE', e.quantity, `Bundle ${what}`.trim()),
        await priced('BUNDLE_EXTRA_ITEM', charged * e.quantity, `Bundle extra items ${what}`.trim()),
      ].filter((l) => Number(l.quantity) > 0);
    }
    case 'fbm_order_shipped': {
      const skus = Number(d.skus ?? 1);
      const units = Number(d.units ?? skus);
      return [
        await priced('FBM_SKU', skus, `Order ${str(d.orderNumber)}`.trim()),
        await priced('FBM_EXTRA_ITEM', Math.max(0, units - skus), `Order ${str(d.orderNumber)} extra items`.trim()),
      ].filter((l) => Number(l.quantity) > 0);
    }
    default: {
      const code = EVENT_CODE[e.kind as ChargeEventKind];
      if (!code) return [];
      // Nothing more to say than the code itself (the screens name it): no raw event kind.
      return [await priced(code, e.quantity, what)];
    }
  }
}

/** A problem's lines: the plan's price for its code per problem, else the fee settings' two parts. */
async function linesOfProblemCharge(book: PriceBook, p: typeof pendingCharges.$inferSelect): Promise<NewCharge[]> {
  const serviceDate = day(p.createdAt);
  const base = {
    tenantId: p.tenantId,
    companyId: p.companyId,
    currency: book.currency,
    sourceType: 'problem',
    sourceId: String(p.sourceId),
    serviceDate,
    details: { problemId: p.sourceId, units: p.quantity },
  };
  const own = await book.price(p.companyId, p.code, serviceDate);
  const description = `Problem #${p.sourceId}`;
  // The words also as a code (issue 41): the charges list says them in the reader's language.
  const words = (key: string) => ({ ...base.details, words: { key, params: { id: p.sourceId } } });
  const lines: NewCharge[] = [
    { ...base, code: p.code, quantity: 1, description, ...own, details: words('chargeWords.problem') },
  ];
  if (own.rule.source !== 'plan') {
    const perUnit = await book.price(p.companyId, 'PROBLEM_UNITS', serviceDate);
    lines.push({
      ...base,
      code: 'PROBLEM_UNITS',
      quantity: p.quantity,
      description: `${description} units`,
      ...perUnit,
      details: words('chargeWords.problemUnits'),
    });
  }
  return lines;
}

/**
 * Takes back what one recorded event was charged, once: work undone after it was priced (a freight
 * booking cancelled before pickup — recorded work is priced within seconds, so "not priced yet"
 * rarely lasts). Each of the event's lines gets its negative (same code and unit price, negative
 * quantity and amount, `adjustsChargeId` the line, settled the same way), dated `at`; keyed by the
 * event and `key`, so a retried undo credits nothing twice. A line already invoiced is credited
 * on the next invoice. Returns the lines written.
 */
export async function creditEvent(
  tx: DbOrTx,
  input: { tenantId: number; eventId: number; key: string; note: string; description: string; at: string },
): Promise<number> {
  const lines = await tx
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.tenantId, input.tenantId),
        eq(charges.sourceType, 'charge_event'),
        eq(charges.sourceId, String(input.eventId)),
      ),
    );
  const negate = (q: string) => (q.startsWith('-') ? q.slice(1) : `-${q}`);
  return appendCharges(
    tx,
    lines
      .filter((l) => l.amountCents !== 0 || Number(l.quantity) !== 0)
      .map((l) => ({
        tenantId: l.tenantId,
        companyId: l.companyId,
        code: l.code,
        description: input.description,
        quantity: negate(l.quantity),
        unitPrice: l.unitPrice,
        amountCents: -l.amountCents,
        currency: l.currency,
        rule: { ...l.rule, source: 'adjustment' as const, note: input.note },
        sourceType: 'charge_event_credit',
        sourceId: `${input.eventId}:${input.key}`,
        serviceDate: input.at.slice(0, 10),
        adjustsChargeId: l.id,
        settledBy: l.settledBy as ChargeSettlement,
        details: { ...l.details, creditOf: l.id },
      })),
  );
}

const BATCH = 500;

/**
 * Prices every recorded event and problem charge of a tenant that has no line yet. Safe to run
 * again or twice at once (lines are unique per code and source). Returns the lines written.
 */
export async function priceEvents(db: DbOrTx, tenantId: number, book?: PriceBook): Promise<number> {
  const prices = book ?? (await loadPriceBook(db, tenantId));
  let written = 0;
  for (let after = 0; ;) {
    const events = await db
      .select()
      .from(chargeEvents)
      .where(
        and(
          eq(chargeEvents.tenantId, tenantId),
          gt(chargeEvents.id, after),
          sql`not exists (select 1 from ${charges} c where c.tenant_id = ${outer(chargeEvents.tenantId)}
                and c.source_type = 'charge_event' and c.source_id = ${outer(chargeEvents.id)}::text)`,
        ),
      )
      .orderBy(asc(chargeEvents.id))
      .limit(BATCH);
    if (!events.length) break;
    const lines: NewCharge[] = [];
    for (const e of events) lines.push(...(await linesOfEvent(prices, e)));
    written += await appendCharges(db, lines);
    after = events[events.length - 1].id;
  }
  for (let after = 0; ;) {
    const pending = await db
      .select()
      .from(pendingCharges)
      .where(
        and(
          eq(pendingCharges.tenantId, tenantId),
          gt(pendingCharges.id, after),
          sql`not exists (select 1 from ${charges} c where c.tenant_id = ${outer(pendingCharges.tenantId)}
                and c.source_type = 'problem' and c.source_id = ${outer(pendingCharges.sourceId)}::text)`,
        ),
      )
      .orderBy(asc(pendingCharges.id))
      .limit(BATCH);
    if (!pending.length) break;
    const lines: NewCharge[] = [];
    for (const p of pending) lines.push(...(await linesOfProblemCharge(prices, p)));
    written += await appendCharges(db, lines);
    after = pending[pending.length - 1].id;
  }
  return written;
}
