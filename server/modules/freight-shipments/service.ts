/**
 * Tools → Freight (issue 20): LTL shipments the warehouse books with its freight broker (spec §7
 * Speedship: shop, quote order, query, document download, cancel), through the broker client of
 * server/integrations/freight/ and the tenant's account (server/modules/shipping/freight.ts).
 *
 * Booking, exactly once per request key:
 *  1. a row is claimed for (tenant, request key) with status BOOKING — a second click finds it;
 *  2. the broker is asked with an Idempotency-Key derived from the key, so asking again (a retry,
 *     a crash between the broker's answer and our write) returns the same booking;
 *  3. the answer completes the row and, for a client's freight, records one freight_charged event
 *     (billing prices it; the event is unique per source). A refusal frees the key again.
 */
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import {
  type FreightBookInput,
  type FreightDocument,
  type FreightParty,
  type FreightQuote,
  type FreightRate,
  type FreightRequest,
  type FreightShipment,
  type FreightShipmentStatus,
} from '../../../domain/schemas/freight-shipments.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { chargeEvents, charges, companies, freightShipments } from '../../db/schema/index.js';
import { ApiError, badGateway, businessRule, conflict, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import type { FreightShipment as BrokerShipment, QuoteRequest } from '../../integrations/freight/models.js';
import { ProviderFailure } from '../../integrations/http.js';
import { creditEvent } from '../billing/ledger.js';
import { recordChargeEvents } from '../charges/events.js';
import { freightFor } from '../shipping/freight.js';
import { apiErrorOf } from '../stores/connection.js';

type Row = typeof freightShipments.$inferSelect;

const cents = (dollars: number) => Math.round(dollars * 100);

// ---------------------------------------------------------------- the broker's words

/** The broker's refusal as our answer: a bad field 400, a stale rate or a late cancel 412. */
function translated(err: unknown): unknown {
  if (!(err instanceof ProviderFailure)) return err;
  if (err.kind === 'refused' && err.status === 400) return new ApiError(400, err.messages);
  if (err.kind === 'refused') return new ApiError(412, err.messages);
  return apiErrorOf(err);
}

async function withBroker<T>(deps: Deps, ctx: RequestContext, work: (b: Broker) => Promise<T>): Promise<T> {
  const { client } = await freightFor(deps, ctx.tenantId);
  try {
    return await work(client);
  } catch (err) {
    throw translated(err);
  }
}
type Broker = Awaited<ReturnType<typeof freightFor>>['client'];

const place = (p: FreightParty) => ({
  postalCode: p.postalCode,
  city: p.city,
  state: p.state,
  country: 'US' as const,
});
const contact = (p: FreightParty) => ({
  name: p.name,
  company: p.company,
  phone: p.phone,
  email: p.email,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
});

function quoteRequest(r: FreightRequest): QuoteRequest {
  return {
    origin: place(r.shipper),
    destination: place(r.consignee),
    pickupDate: r.pickupDate,
    handlingUnits: r.handlingUnits.map((u) => ({
      count: u.count,
      type: u.type,
      lengthIn: u.lengthIn,
      widthIn: u.widthIn,
      heightIn: u.heightIn,
      weightLb: u.weightLb,
      freightClass: u.freightClass,
      stackable: u.stackable,
      description: u.description,
    })),
    accessorials: r.accessorials,
  };
}

// ---------------------------------------------------------------- scope

/** A client company of the caller's tenant; else 404. */
async function clientCompany(db: DbOrTx, ctx: RequestContext, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, isOwner: companies.isOwner })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, ctx.tenantId)));
  if (!company || company.isOwner) throw notFound('Client');
  return company.id;
}

// ---------------------------------------------------------------- shop

/** Rates from several carriers side by side, cheapest first; the cheapest and the fastest marked. */
export async function shop(deps: Deps, ctx: RequestContext, req: FreightRequest): Promise<FreightQuote> {
  if (req.companyId) await clientCompany(deps.db, ctx, req.companyId);
  const quote = await withBroker(deps, ctx, (b) => b.quote(quoteRequest(req)));
  const rates = [...quote.rates].sort((a, b) => a.total - b.total || a.transitDays - b.transitDays);
  const cheapest = rates[0]?.rateId;
  const fastest = [...rates].sort((a, b) => a.transitDays - b.transitDays || a.total - b.total)[0]?.rateId;
  return {
    quoteId: quote.quoteId,
    expiresAt: quote.expiresAt,
    ratedClasses: quote.ratedClasses,
    rates: rates.map((r) => ({
      rateId: r.rateId,
      carrierName: r.carrier.name,
      carrierScac: r.carrier.scac,
      service: r.service,
      transitDays: r.transitDays,
      estimatedDelivery: r.estimatedDelivery,
      totalCents: cents(r.total),
      charges: r.charges.map((c) => ({ code: c.code, description: c.description, amountCents: cents(c.amount) })),
      cheapest: r.rateId === cheapest,
      fastest: r.rateId === fastest,
    })),
  };
}

// ---------------------------------------------------------------- rows out

const rowQuery = (db: DbOrTx) =>
  db
    .select({ s: freightShipments, companyName: companies.name })
    .from(freightShipments)
    .leftJoin(companies, eq(companies.id, freightShipments.companyId));

function out(r: { s: Row; companyName: string | null }): FreightShipment {
  const s = r.s;
  const req = s.request;
  return {
    id: s.id,
    companyId: s.companyId,
    companyName: r.companyName,
    status: s.status as FreightShipmentStatus,
    carrierName: s.carrierName,
    carrierScac: s.carrierScac,
    service: s.service,
    proNumber: s.proNumber,
    bolNumber: s.bolNumber,
    pickupDate: s.pickupDate,
    estimatedDelivery: s.estimatedDelivery,
    costCents: s.costCents,
    origin: { city: req.shipper.city, state: req.shipper.state, postalCode: req.shipper.postalCode },
    destination: { city: req.consignee.city, state: req.consignee.state, postalCode: req.consignee.postalCode },
    shipperName: req.shipper.company ?? req.shipper.name,
    consigneeName: req.consignee.company ?? req.consignee.name,
    handlingUnits: req.handlingUnits.map((u, i) => ({
      count: u.count,
      type: u.type,
      lengthIn: u.lengthIn,
      widthIn: u.widthIn,
      heightIn: u.heightIn,
      weightLb: u.weightLb,
      freightClass: s.ratedClasses[i] ?? u.freightClass ?? null,
    })),
    accessorials: req.accessorials,
    poNumber: req.poNumber ?? null,
    events: s.events,
    cancellable: s.status === 'BOOKED',
    createdAt: s.createdAt,
    cancelledAt: s.cancelledAt,
    trackedAt: s.trackedAt,
  };
}

async function rowOf(db: DbOrTx, ctx: RequestContext, id: number) {
  const [r] = await rowQuery(db).where(and(eq(freightShipments.id, id), eq(freightShipments.tenantId, ctx.tenantId)));
  if (!r) throw notFound('Freight shipment');
  return r;
}

/** The broker's view of a booking onto the row. */
const fromBroker = (b: BrokerShipment, at: string) => ({
  status: b.status,
  brokerShipmentId: b.shipmentId,
  bolNumber: b.bolNumber,
  proNumber: b.proNumber,
  carrierName: b.carrier.name,
  carrierScac: b.carrier.scac,
  service: b.service,
  pickupDate: b.pickup.date,
  estimatedDelivery: b.estimatedDelivery,
  costCents: cents(b.total),
  ratedClasses: b.handlingUnits.map((u) => u.freightClass),
  events: b.events,
  documents: b.documents,
  trackedAt: at,
  updatedAt: at,
});

// ---------------------------------------------------------------- book

export async function book(deps: Deps, ctx: RequestContext, input: FreightBookInput): Promise<FreightShipment> {
  if (input.companyId) await clientCompany(deps.db, ctx, input.companyId);
  const byKey = and(eq(freightShipments.tenantId, ctx.tenantId), eq(freightShipments.requestKey, input.requestKey));
  // 1. Claim the key (or find the booking it made).
  const mine = await deps.db
    .insert(freightShipments)
    .values({
      tenantId: ctx.tenantId,
      companyId: input.companyId ?? null,
      requestKey: input.requestKey,
      request: input,
      status: 'BOOKING',
      pickupDate: input.pickupDate,
      createdBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning({ id: freightShipments.id });
  let [claimed] = await deps.db.select().from(freightShipments).where(byKey);
  if (!mine.length) {
    // Another request holds the key (a double click): wait for its answer rather than ask twice.
    const until = Date.now() + 15_000;
    const stale = Date.parse(claimed?.updatedAt ?? '') < deps.now().getTime() - 120_000;
    while (claimed?.status === 'BOOKING' && !stale && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      [claimed] = await deps.db.select().from(freightShipments).where(byKey);
    }
    if (!claimed) throw businessRule('The broker refused this booking: shop the quotes again');
    if (claimed.status === 'BOOKING' && !stale)
      throw conflict('This booking is under way: look in the list in a moment');
    // A stale claim (a crash after asking): asking again with the same key returns that booking.
  }
  if (claimed.status !== 'BOOKING') return out(await rowOf(deps.db, ctx, claimed.id));

  // 2. Ask the broker, once per key.
  const request = claimed.request;
  let booked: BrokerShipment;
  try {
    booked = await withBroker(deps, ctx, (b) =>
      b.book(
        {
          rateId: input.rateId,
          shipper: contact(request.shipper),
          consignee: contact(request.consignee),
          references: { po: request.poNumber, shipperRef: request.shipperRef },
          specialInstructions: request.specialInstructions,
        },
        `dockside-${ctx.tenantId}-${input.requestKey}`,
      ),
    );
  } catch (err) {
    // The broker said no: nothing was booked, the key is free again. (Unanswered: keep the claim.)
    if (err instanceof ApiError && (err.status === 400 || err.status === 412))
      await deps.db
        .delete(freightShipments)
        .where(and(byKey, eq(freightShipments.status, 'BOOKING'), eq(freightShipments.id, claimed.id)));
    throw err;
  }

  // 3. Record the answer and the client's charge together.
  const at = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(freightShipments)
      .set({ ...fromBroker(booked, at), rate: rateOf(booked) })
      .where(eq(freightShipments.id, claimed.id));
    if (claimed.companyId)
      await recordChargeEvents(tx, [
        {
          tenantId: ctx.tenantId,
          companyId: claimed.companyId,
          kind: 'freight_charged',
          quantity: 1,
          sourceType: 'freight_shipment',
          sourceId: String(claimed.id),
          details: {
            channel: 'freight',
            proNumber: booked.proNumber,
            carrier: booked.carrier.name,
            amountCents: cents(booked.total),
          },
          userId: ctx.userId,
          at,
        },
      ]);
    await audit(tx, ctx, 'freight_shipment', claimed.id, 'create', null, {
      proNumber: booked.proNumber,
      bolNumber: booked.bolNumber,
      carrier: booked.carrier.name,
      costCents: cents(booked.total),
    });
  });
  return out(await rowOf(deps.db, ctx, claimed.id));
}

const rateOf = (b: BrokerShipment): FreightRate => ({
  rateId: '',
  carrierName: b.carrier.name,
  carrierScac: b.carrier.scac,
  service: b.service,
  transitDays: 0,
  estimatedDelivery: b.estimatedDelivery,
  totalCents: cents(b.total),
  charges: [],
  cheapest: false,
  fastest: false,
});

// ---------------------------------------------------------------- list, one

export interface FreightListQuery {
  q?: string;
  status?: FreightShipmentStatus;
  companyId?: number;
  pickupFrom?: string;
  pickupTo?: string;
}

export async function list(deps: Deps, ctx: RequestContext, page: PageRequest, q: FreightListQuery) {
  const term = q.q?.trim();
  const where = and(
    eq(freightShipments.tenantId, ctx.tenantId),
    q.status ? eq(freightShipments.status, q.status) : undefined,
    q.companyId ? eq(freightShipments.companyId, q.companyId) : undefined,
    q.pickupFrom ? gte(freightShipments.pickupDate, q.pickupFrom) : undefined,
    q.pickupTo ? lte(freightShipments.pickupDate, q.pickupTo) : undefined,
    term
      ? or(
          ilike(freightShipments.proNumber, likeContains(term)),
          ilike(freightShipments.bolNumber, likeContains(term)),
          ilike(freightShipments.carrierName, likeContains(term)),
        )
      : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    rowQuery(deps.db)
      .where(where)
      .orderBy(desc(freightShipments.createdAt), desc(freightShipments.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(freightShipments).where(where),
  ]);
  return {
    content: rows.map(out),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

const FINAL = new Set(['DELIVERED', 'CANCELLED']);

/** One shipment, its tracking refreshed from the broker (kept as it was when the broker is away). */
export async function get(deps: Deps, ctx: RequestContext, id: number): Promise<FreightShipment> {
  const r = await rowOf(deps.db, ctx, id);
  if (!r.s.brokerShipmentId || FINAL.has(r.s.status)) return out(r);
  try {
    await track(deps, ctx, r.s);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status < 500) throw err;
  }
  return out(await rowOf(deps.db, ctx, id));
}

async function track(deps: Deps, ctx: RequestContext, s: Row): Promise<BrokerShipment> {
  const b = await withBroker(deps, ctx, (c) => c.shipment(s.brokerShipmentId!));
  const at = deps.now().toISOString();
  await deps.db
    .update(freightShipments)
    .set({
      status: b.status,
      events: b.events,
      estimatedDelivery: b.estimatedDelivery,
      trackedAt: at,
      updatedAt: at,
      ...(b.status === 'CANCELLED' && !s.cancelledAt ? { cancelledAt: at } : {}),
    })
    .where(eq(freightShipments.id, s.id));
  return b;
}

// ---------------------------------------------------------------- documents

/** The BOL or the handling-unit labels, as the broker prints them (PDF). */
export async function document(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  kind: FreightDocument,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; filename: string }> {
  const { s } = await rowOf(deps.db, ctx, id);
  if (!s.documents) throw businessRule('The shipment is not booked yet: it has no documents');
  const url = kind === 'bol' ? s.documents.billOfLading : s.documents.labels;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new ApiError(503, ['The freight broker did not answer: try the document again in a moment']);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('application/pdf'))
    throw badGateway(`The freight broker gave no document (${res.status}): try again later`);
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    filename: `${kind === 'bol' ? `BOL-${s.bolNumber}` : `labels-${s.proNumber}`}.pdf`,
  };
}

// ---------------------------------------------------------------- cancel

/** Cancels before pickup; after pickup the carrier has the freight (412). */
export async function cancel(
  deps: Deps,
  ctx: RequestContext,
  id: number,
): Promise<{ shipment: FreightShipment; warnings: string[] }> {
  const { s } = await rowOf(deps.db, ctx, id);
  const warnings: string[] = [];
  if (s.status === 'CANCELLED') return { shipment: out(await rowOf(deps.db, ctx, id)), warnings };
  if (!s.brokerShipmentId)
    throw businessRule('The booking has not been confirmed by the broker yet: try again shortly');
  const now = await track(deps, ctx, s);
  if (now.status !== 'BOOKED' && now.status !== 'CANCELLED')
    throw businessRule(
      `${s.carrierName ?? 'The carrier'} picked up PRO ${s.proNumber} (${now.status.replace('_', ' ').toLowerCase()}): it can no longer be cancelled`,
    );
  if (now.status === 'BOOKED') {
    const b = await withBroker(deps, ctx, (c) => c.cancel(s.brokerShipmentId!));
    const at = deps.now().toISOString();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(freightShipments)
        .set({ status: b.status, events: b.events, cancelledAt: at, trackedAt: at, updatedAt: at })
        .where(eq(freightShipments.id, s.id));
      if ((await withdrawCharge(tx, ctx, s.id, s.proNumber ?? '', at)) === 'credited')
        warnings.push(
          `The freight of PRO ${s.proNumber} is on the client’s charges already: a credit of the same amount is added`,
        );
      await audit(tx, ctx, 'freight_shipment', s.id, 'status', { status: s.status }, { status: b.status });
    });
  }
  return { shipment: out(await rowOf(deps.db, ctx, id)), warnings };
}

/**
 * A cancelled booking costs the client nothing: its event goes while billing has not priced it,
 * else (recorded work is priced within seconds) its line is credited, once (billing/ledger.ts).
 */
async function withdrawCharge(
  tx: DbOrTx,
  ctx: RequestContext,
  shipmentId: number,
  proNumber: string,
  at: string,
): Promise<'none' | 'withdrawn' | 'credited'> {
  const [event] = await tx
    .select({ id: chargeEvents.id })
    .from(chargeEvents)
    .where(
      and(
        eq(chargeEvents.tenantId, ctx.tenantId),
        eq(chargeEvents.kind, 'freight_charged'),
        eq(chargeEvents.sourceType, 'freight_shipment'),
        eq(chargeEvents.sourceId, String(shipmentId)),
      ),
    );
  if (!event) return 'none';
  const [priced] = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.tenantId, ctx.tenantId),
        eq(charges.sourceType, 'charge_event'),
        eq(charges.sourceId, String(event.id)),
      ),
    )
    .limit(1);
  if (priced) {
    await creditEvent(tx, {
      tenantId: ctx.tenantId,
      eventId: event.id,
      key: 'cancelled',
      note: `booking cancelled by ${ctx.username}`,
      description: `Freight PRO ${proNumber} cancelled`,
      at,
    });
    return 'credited';
  }
  await tx.delete(chargeEvents).where(eq(chargeEvents.id, event.id));
  return 'withdrawn';
}
