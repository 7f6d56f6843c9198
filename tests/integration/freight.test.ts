/**
 * The LTL freight broker (issue 17): the client against its sandbox over real HTTP on loopback —
 * quotes from several carriers (classes from density when not given, accessorials, the LTL weight
 * limit, weekend pickups refused), a booking applied once per Idempotency-Key with BOL and PRO
 * numbers, a real BOL and handling-unit labels, tracking that moves with the clock, cancellation
 * only before pickup; accounts kept apart; Company Credentials' test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { FreightClient } from '../../server/integrations/freight/client.js';
import type { QuoteRequest } from '../../server/integrations/freight/models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';

let s: TestServer;
let url: string;
let admin: string;
let offset = 0;
const DAY = 86_400_000;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );
const broker = (accountNumber = 'ACME-1001', apiKey = 'k'.repeat(30)) =>
  new FreightClient({ baseUrl: `${url}/sandbox/freight`, accountNumber, apiKey, sleep: async () => undefined });

/** The next weekday at least `days` ahead, as YYYY-MM-DD. */
function weekday(days: number): string {
  const d = new Date(Date.now() + offset + days * DAY);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const pallet = {
  count: 2,
  type: 'PALLET' as const,
  lengthIn: 48,
  widthIn: 40,
  heightIn: 50,
  weightLb: 650,
  stackable: false,
};
const request = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  origin: { postalCode: '07114', city: 'Newark', state: 'NJ', country: 'US' },
  destination: { postalCode: '75019', city: 'Coppell', state: 'TX', country: 'US' },
  pickupDate: weekday(2),
  handlingUnits: [pallet],
  accessorials: [],
  ...over,
});
const contact = (name: string, company: string) => ({
  name,
  company,
  phone: '555-0100',
  addressLine1: '100 Harbor Way',
});

beforeAll(async () => {
  s = await TestServer.start();
  url = await s.listen();
  s.started.deps.now = () => new Date(Date.now() + offset);
  clientOverrides.sleep = async () => undefined;
  admin = await s.token('demo.admin');
});
afterAll(() => s.close());

describe('LTL freight against the broker sandbox', () => {
  it('quotes several carriers, cheapest first; classes come from density; accessorials add up', async () => {
    const quote = await broker().quote(request());
    expect(quote.rates.length).toBeGreaterThanOrEqual(4);
    expect(quote.rates.map((r) => r.total)).toEqual([...quote.rates.map((r) => r.total)].sort((a, b) => a - b));
    // 650 lb in 48×40×50 in is 11.7 lb/ft³: class 92.5 on the NMFC density scale.
    expect(quote.ratedClasses).toEqual([92.5]);
    expect(quote.rates.some((r) => r.service === 'GUARANTEED')).toBe(true);
    for (const r of quote.rates) {
      expect(r.total).toBeCloseTo(
        r.charges.reduce((t, c) => t + c.amount, 0),
        2,
      );
      expect(r.estimatedDelivery > request().pickupDate).toBe(true);
    }
    const withLiftgate = await broker().quote(request({ accessorials: ['LIFTGATE_DELIVERY', 'APPOINTMENT'] }));
    const base = quote.rates.find((r) => r.carrier.scac === 'EXLA')!;
    const lifted = withLiftgate.rates.find((r) => r.carrier.scac === 'EXLA' && r.service === 'STANDARD')!;
    expect(lifted.total - base.total).toBeCloseTo(110, 2);
    const lowClass = await broker().quote(request({ handlingUnits: [{ ...pallet, freightClass: 50 }] }));
    expect(lowClass.rates.find((r) => r.carrier.scac === 'EXLA')!.total).toBeLessThan(base.total);
  });

  it('refuses what a broker refuses, saying which field', async () => {
    const heavy = await failure(
      broker().quote(request({ handlingUnits: [{ ...pallet, count: 10, weightLb: 2_500 }] })),
    );
    expect(heavy!.status).toBe(400);
    expect(heavy!.messages[0]).toMatch(/handlingUnits.*25,000 lb is more than LTL takes.*full truckload/);
    const saturday = (() => {
      const d = new Date(Date.now() + 3 * DAY);
      while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
      return d.toISOString().slice(0, 10);
    })();
    expect((await failure(broker().quote(request({ pickupDate: saturday }))))!.messages[0]).toMatch(/weekends/);
    expect((await failure(broker().quote(request({ pickupDate: '2020-01-06' }))))!.messages[0]).toMatch(
      /pickupDate.*in the past/,
    );
    const oversize = await failure(broker().quote(request({ handlingUnits: [{ ...pallet, lengthIn: 120 }] })));
    expect(oversize!.messages[0]).toMatch(/handlingUnits\.0\.lengthIn/);
    const stranger = await failure(broker('ACME-1001', 'short').quote(request()));
    expect(stranger!.kind).toBe('auth');
  });

  it('books once per key with BOL and PRO, prints a real BOL and labels, tracks by the clock, cancels only before pickup', async () => {
    const quote = await broker().quote(request({ pickupDate: weekday(3) }));
    const rate = quote.rates[0];
    const booking = {
      rateId: rate.rateId,
      shipper: contact('Dana Dock', 'Dockside Prep'),
      consignee: contact('Receiving', 'Amazon.com Services DFW6'),
      references: { po: 'PO-7781' },
    };
    const booked = await broker().book(booking, 'book-1');
    expect(booked).toMatchObject({ status: 'BOOKED', total: rate.total, carrier: rate.carrier });
    expect(booked.proNumber).toMatch(/^\d{10}$/);
    expect(booked.bolNumber).toMatch(/^BOL[A-Z0-9]{8}$/);
    expect((await broker().book(booking, 'book-1')).shipmentId).toBe(booked.shipmentId);
    expect((await broker().shipments()).total).toBe(1);

    const bol = await fetch(booked.documents.billOfLading);
    expect(bol.headers.get('content-type')).toBe('application/pdf');
    const bolPdf = await PDFDocument.load(new Uint8Array(await bol.arrayBuffer()));
    expect(bolPdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(bolPdf.getTitle()).toContain(booked.bolNumber);
    expect(bolPdf.getTitle()).toContain('PO-7781');
    const labels = await PDFDocument.load(new Uint8Array(await (await fetch(booked.documents.labels)).arrayBuffer()));
    expect(labels.getPageCount()).toBe(2);

    // Another account sees none of it.
    expect((await failure(broker('FOX-2002').shipment(booked.shipmentId)))!.status).toBe(404);

    // After pickup the freight is the carrier's: it can no longer be cancelled; later it arrives.
    offset = 4 * DAY + 2 * 3_600_000;
    while (new Date(Date.now() + offset).toISOString().slice(0, 10) <= booked.pickup.date) offset += DAY;
    try {
      const moving = await broker().shipment(booked.shipmentId);
      expect(['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']).toContain(moving.status);
      expect(moving.events.map((e) => e.status)).toContain('PICKED_UP');
      const late = await failure(broker().cancel(booked.shipmentId));
      expect(late!.status).toBe(409);
      expect(late!.messages[0]).toMatch(/can no longer be cancelled/);
      offset += 14 * DAY;
      expect((await broker().shipment(booked.shipmentId)).status).toBe('DELIVERED');
    } finally {
      offset = 0;
    }

    const another = await broker().book({ ...booking, rateId: quote.rates[1].rateId }, 'book-2');
    const cancelled = await broker().cancel(another.shipmentId);
    expect(cancelled.status).toBe('CANCELLED');
    expect((await broker().shipments({ status: 'CANCELLED' })).shipments.map((x) => x.shipmentId)).toEqual([
      another.shipmentId,
    ]);
  });

  it('rides through throttling and a passing outage; surfaces a long outage and a refusal', async () => {
    /** A fetch that sends the given faults, one per call, then none. */
    const faulty = (...faults: string[]): typeof fetch & { calls: number } => {
      const f = Object.assign(
        (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
          const headers = new Headers(init?.headers);
          const fault = faults[f.calls++];
          if (fault) headers.set('x-sandbox-fault', fault);
          return fetch(input, { ...init, headers });
        },
        { calls: 0 },
      );
      return f;
    };
    const through = (fetchWith: typeof fetch, maxAttempts?: number) =>
      new FreightClient({
        baseUrl: `${url}/sandbox/freight`,
        accountNumber: 'ACME-1001',
        apiKey: 'k'.repeat(30),
        sleep: async () => undefined,
        fetch: fetchWith,
        maxAttempts,
      });
    const bumpy = faulty('throttle', 'error');
    const quote = await through(bumpy).quote(request());
    expect(quote.rates.length).toBeGreaterThan(1);
    expect(bumpy.calls).toBe(3);

    const down = faulty(...Array(10).fill('error'));
    const outage = await failure(through(down, 3).quote(request()));
    expect(outage).toMatchObject({ kind: 'unavailable' });
    expect(down.calls).toBe(3);

    const refused = await failure(through(faulty('invalid')).quote(request()));
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(refused!.messages[0]).toMatch(/^Freight broker/);
  });

  it('Company Credentials tests the broker account with a real call', async () => {
    const tested = await s.post('/api/common/credentials/freight/test', {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ ok: true, message: expect.stringMatching(/local sandbox.*0 shipment\(s\) booked/) });
  });
});
