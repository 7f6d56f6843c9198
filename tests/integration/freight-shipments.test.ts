/**
 * Tools → Freight (issue 20) against the real server and the freight broker's sandbox over HTTP:
 * shop quotes (cheapest and fastest marked, classes from density) → book once per request key →
 * the BOL and labels are PDFs → tracking follows the clock → cancel before pickup, refused (412)
 * after; validation 400s, clients 403, another tenant 404, the client's freight charge event, the
 * OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { chargeEvents, charges, companies } from '../../server/db/schema/index.js';
import { priceEvents } from '../../server/modules/billing/ledger.js';
import type { FreightBookInputRaw, FreightRequestInput } from '../../domain/schemas/freight-shipments.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

const BASE = '/api/tools/freight';
const DAY = 86_400_000;
let s: TestServer;
let admin: string;
let offset = 0;
let acmeId: number;

/** The next weekday at least `days` ahead, as YYYY-MM-DD. */
function weekday(days: number): string {
  const d = new Date(Date.now() + offset + days * DAY);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
function saturday(): string {
  const d = new Date(Date.now() + 3 * DAY);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const party = (name: string, company: string, city: string, state: string, postalCode: string) => ({
  name,
  company,
  phone: '555-0100',
  addressLine1: '100 Harbor Way',
  city,
  state,
  postalCode,
});
const request = (over: Partial<FreightRequestInput> = {}): FreightRequestInput => ({
  shipper: party('Dana Dock', 'Dockside Prep', 'Newark', 'NJ', '07114'),
  consignee: party('Receiving', 'Amazon DFW6', 'Coppell', 'TX', '75019'),
  pickupDate: weekday(2),
  handlingUnits: [
    { count: 2, type: 'PALLET', lengthIn: 48, widthIn: 40, heightIn: 50, weightLb: 650, stackable: false },
  ],
  accessorials: [],
  ...over,
});
let keys = 0;
const bookInput = (req: FreightRequestInput, rateId: string, over: Partial<FreightBookInputRaw> = {}) => ({
  ...req,
  rateId,
  requestKey: `test-key-${++keys}-${Date.now()}`,
  poNumber: 'PO-7781',
  ...over,
});

async function raw(path: string, token: string) {
  return s.started.app.request(path, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  s.started.deps.now = () => new Date(Date.now() + offset);
  clientOverrides.sleep = async () => undefined;
  admin = await s.token('demo.admin');
  const [acme] = await s.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme Sellers'));
  acmeId = acme.id;
});
afterAll(() => s.close());

describe('Tools → Freight', () => {
  it('shops, books once per key, serves the documents, tracks and cancels; the client is charged', async () => {
    const empty = await s.get(`${BASE}/shipments`, admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ content: [], totalElements: 0, pageNumber: 1, pageSize: 5 });

    const req = request({ companyId: acmeId, pickupDate: weekday(3) });
    const quoted = await s.post(`${BASE}/quotes`, req, admin);
    expect(quoted.status).toBe(200);
    const rates = quoted.body.rates as {
      rateId: string;
      totalCents: number;
      transitDays: number;
      cheapest: boolean;
      fastest: boolean;
    }[];
    expect(rates.length).toBeGreaterThanOrEqual(4);
    expect(quoted.body.ratedClasses).toEqual([92.5]);
    expect(rates.map((r) => r.totalCents)).toEqual([...rates.map((r) => r.totalCents)].sort((a, b) => a - b));
    expect(rates.filter((r) => r.cheapest)).toHaveLength(1);
    expect(rates[0].cheapest).toBe(true);
    const fastest = rates.find((r) => r.fastest)!;
    expect(Math.min(...rates.map((r) => r.transitDays))).toBe(fastest.transitDays);

    // A double click: the same key books once.
    const input = bookInput(req, rates[0].rateId);
    const [first, second] = await Promise.all([
      s.post(`${BASE}/shipments`, input, admin),
      s.post(`${BASE}/shipments`, input, admin),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const again = await s.post(`${BASE}/shipments`, input, admin);
    expect(again.body.id).toBe(first.body.id);
    const booked = first.body;
    expect(booked).toMatchObject({
      status: 'BOOKED',
      companyId: acmeId,
      companyName: 'Acme Sellers',
      costCents: rates[0].totalCents,
      pickupDate: req.pickupDate,
      cancellable: true,
      poNumber: 'PO-7781',
    });
    expect(booked.proNumber).toMatch(/^\d{10}$/);
    expect(booked.bolNumber).toMatch(/^BOL[A-Z0-9]{8}$/);
    expect(booked.handlingUnits[0].freightClass).toBe(92.5);

    const listed = await s.get(`${BASE}/shipments?pageSize=10`, admin);
    expect(listed.body.totalElements).toBe(1);
    expect(listed.body.content[0].proNumber).toBe(booked.proNumber);
    expect((await s.get(`${BASE}/shipments?q=${booked.proNumber}`, admin)).body.totalElements).toBe(1);
    expect((await s.get(`${BASE}/shipments?status=CANCELLED`, admin)).body.totalElements).toBe(0);
    expect((await s.get(`${BASE}/shipments?companyId=${acmeId}`, admin)).body.totalElements).toBe(1);

    // One charge event, in the shape billing prices (FBA's freight_charged).
    const events = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.kind, 'freight_charged'), eq(chargeEvents.sourceType, 'freight_shipment')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: acmeId,
      quantity: 1,
      sourceId: String(booked.id),
      details: { channel: 'freight', proNumber: booked.proNumber, amountCents: booked.costCents },
    });

    // Documents are PDFs.
    const bol = await raw(`${BASE}/shipments/${booked.id}/documents/bol`, admin);
    expect(bol.status).toBe(200);
    expect(bol.headers.get('content-type')).toBe('application/pdf');
    const bolPdf = await PDFDocument.load(new Uint8Array(await bol.arrayBuffer()));
    expect(bolPdf.getTitle()).toContain(booked.bolNumber);
    const labels = await raw(`${BASE}/shipments/${booked.id}/documents/labels`, admin);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(new Uint8Array(await labels.arrayBuffer()))).getPageCount()).toBe(2);
    expect((await raw(`${BASE}/shipments/${booked.id}/documents/invoice`, admin)).status).toBe(400);

    // Tracking, then a cancel before pickup; the charge goes with it.
    const tracked = await s.get(`${BASE}/shipments/${booked.id}`, admin);
    expect(tracked.status).toBe(200);
    expect(tracked.body.trackedAt).not.toBeNull();
    expect(tracked.body.events[0].status).toBe('BOOKED');
    const cancelled = await s.post(`${BASE}/shipments/${booked.id}/cancel`, {}, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expect((await s.post(`${BASE}/shipments/${booked.id}/cancel`, {}, admin)).body.status).toBe('CANCELLED');
    // Recorded work is priced within seconds: the event went if it was not priced yet, else its
    // line is credited — either way the cancelled booking costs the client nothing.
    const left = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.sourceType, 'freight_shipment'), eq(chargeEvents.sourceId, String(booked.id))));
    expect(left.length).toBeLessThanOrEqual(1);
    if (left[0]) {
      const owed = await s.db
        .select()
        .from(charges)
        .where(
          or(
            and(eq(charges.sourceType, 'charge_event'), eq(charges.sourceId, String(left[0].id))),
            and(eq(charges.sourceType, 'charge_event_credit'), eq(charges.sourceId, `${left[0].id}:cancelled`)),
          ),
        );
      expect(owed).toHaveLength(2);
      expect(owed.reduce((a, c) => a + c.amountCents, 0)).toBe(0);
    }
  });

  it('refuses to cancel once the carrier has picked up (412), and tracking follows the clock', async () => {
    const req = request({ pickupDate: weekday(2) });
    const quoted = await s.post(`${BASE}/quotes`, req, admin);
    const booked = await s.post(`${BASE}/shipments`, bookInput(req, quoted.body.rates[1].rateId), admin);
    expect(booked.status).toBe(201);
    expect(booked.body.companyId).toBeNull();
    offset = 3 * DAY + 2 * 3_600_000;
    while (new Date(Date.now() + offset).toISOString().slice(0, 10) <= booked.body.pickupDate) offset += DAY;
    try {
      const moving = await s.get(`${BASE}/shipments/${booked.body.id}`, admin);
      expect(['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']).toContain(moving.body.status);
      expect(moving.body.cancellable).toBe(false);
      const late = await s.post(`${BASE}/shipments/${booked.body.id}/cancel`, {}, admin);
      expect(late.status).toBe(412);
      expect(fieldRule(late.meta.error_list[0])).toMatch(/can no longer be cancelled/);
    } finally {
      offset = 0;
    }
    // The warehouse's own freight is nobody's charge.
    const events = await s.db
      .select()
      .from(chargeEvents)
      .where(eq(chargeEvents.sourceId, String(booked.body.id)));
    expect(events.filter((e) => e.sourceType === 'freight_shipment')).toHaveLength(0);
  });

  it('validates the request field by field (400) and says the broker’s refusals in plain words', async () => {
    const bad = await s.post(
      `${BASE}/quotes`,
      request({
        pickupDate: saturday(),
        shipper: { ...request().shipper, postalCode: '7114', state: 'New Jersey' },
        handlingUnits: [
          {
            count: 0,
            type: 'PALLET',
            lengthIn: 120,
            widthIn: 40,
            heightIn: 50,
            weightLb: 650,
            stackable: false,
            freightClass: 93,
          },
        ],
      }),
      admin,
    );
    expect(bad.status).toBe(400);
    const messages = fieldRules(bad);
    expect(messages).toEqual(
      expect.arrayContaining([
        'pickupDate: carriers pick up on weekdays only',
        'shipper.postalCode: a 5-digit ZIP code',
        'shipper.state: the 2-letter state code',
        'handlingUnits.0.count: at least 1',
        'handlingUnits.0.lengthIn: at most 96 in',
        'handlingUnits.0.freightClass: one of the NMFC classes 50–500',
      ]),
    );
    expect((await s.post(`${BASE}/quotes`, request({ handlingUnits: [] }), admin)).status).toBe(400);
    expect((await s.post(`${BASE}/shipments`, { ...request(), rateId: 'x' }, admin)).meta.error_list[0].field).toMatch(
      /requestKey/,
    );

    // The broker's refusal: too heavy for LTL.
    const heavy = await s.post(
      `${BASE}/quotes`,
      request({
        handlingUnits: [
          { count: 10, type: 'PALLET', lengthIn: 48, widthIn: 40, heightIn: 50, weightLb: 2_500, stackable: false },
        ],
      }),
      admin,
    );
    expect(heavy.status).toBe(400);
    expect(fieldRule(heavy.meta.error_list[0])).toMatch(/^Freight broker.*full truckload/);
    // A rate that does not exist: quote again, and the key is free for a good booking.
    const unknown = await s.post(
      `${BASE}/shipments`,
      bookInput(request(), 'Q0000000-1', { requestKey: 'unknown-rate-1' }),
      admin,
    );
    expect(unknown.status).toBe(412);
    expect(fieldRule(unknown.meta.error_list[0])).toMatch(/quote again/);
    // A client company of another tenant is not found.
    expect((await s.post(`${BASE}/quotes`, request({ companyId: 999_999 }), admin)).status).toBe(404);
  });

  it('is the warehouse’s: clients 403, another tenant 404', async () => {
    const req = request();
    const quoted = await s.post(`${BASE}/quotes`, req, admin);
    const booked = await s.post(`${BASE}/shipments`, bookInput(req, quoted.body.rates[0].rateId), admin);
    const client = await s.token('demo.client2');
    expect((await s.get(`${BASE}/shipments`, client)).status).toBe(403);
    expect((await s.post(`${BASE}/quotes`, req, client)).status).toBe(403);
    expect((await s.get(`${BASE}/shipments/${booked.body.id}`, client)).status).toBe(403);
    expect((await s.get(`${BASE}/shipments`)).status).toBe(401);

    const north = await s.token('north.admin');
    expect((await s.get(`${BASE}/shipments/${booked.body.id}`, north)).status).toBe(404);
    expect((await s.post(`${BASE}/shipments/${booked.body.id}/cancel`, {}, north)).status).toBe(404);
    expect((await raw(`${BASE}/shipments/${booked.body.id}/documents/bol`, north)).status).toBe(404);
    expect((await s.get(`${BASE}/shipments`, north)).body.totalElements).toBe(0);
    expect((await s.get(`${BASE}/shipments/999999`, admin)).status).toBe(404);
  });

  it('billing prices the client’s freight at its cost; cancelling a priced booking credits it, once', async () => {
    const req = request({ companyId: acmeId });
    const quoted = await s.post(`${BASE}/quotes`, req, admin);
    const booked = await s.post(`${BASE}/shipments`, bookInput(req, quoted.body.rates[0].rateId), admin);
    expect(booked.status).toBe(201);
    const tenantId = (await s.signIn('demo.admin')).userData.tenantId as number;
    await priceEvents(s.db, tenantId);
    const [event] = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.sourceType, 'freight_shipment'), eq(chargeEvents.sourceId, String(booked.body.id))));
    const lines = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.sourceType, 'charge_event'), eq(charges.sourceId, String(event.id))));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ code: 'FREIGHT', companyId: acmeId, amountCents: booked.body.costCents });
    expect(lines[0].description).toContain(booked.body.proNumber);

    const cancelled = await s.post(`${BASE}/shipments/${booked.body.id}/cancel`, {}, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.meta.warn_list[0].message).toMatch(/on the client’s charges already: a credit/);
    expect((await s.post(`${BASE}/shipments/${booked.body.id}/cancel`, {}, admin)).status).toBe(200);
    const credits = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.sourceType, 'charge_event_credit'), eq(charges.sourceId, `${event.id}:cancelled`)));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      code: 'FREIGHT',
      companyId: acmeId,
      amountCents: -booked.body.costCents,
      adjustsChargeId: lines[0].id,
      settledBy: 'invoice',
      rule: { source: 'adjustment' },
    });
    expect(credits[0].description).toContain(booked.body.proNumber);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[`${BASE}/quotes`])).toEqual(['post']);
    expect(Object.keys(doc.paths[`${BASE}/shipments`]).sort()).toEqual(['get', 'post']);
    expect(doc.paths[`${BASE}/shipments/{id}`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/shipments/{id}/documents/{kind}`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/shipments/{id}/cancel`].post).toBeTruthy();
  });
});
