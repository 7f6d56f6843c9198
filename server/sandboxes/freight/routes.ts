/**
 * The LTL freight broker, locally (/sandbox/freight/): quotes from four carriers, bookings with BOL
 * and PRO numbers and a pickup window, a real BOL (US Letter) and handling-unit labels (4×6) as PDF,
 * tracking that moves with time (booked → picked up on the pickup day → in transit → delivered),
 * cancellation until pickup. An account is any well-formed account number with an API key of 24
 * characters or more; each account's bookings are its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import { sandboxRecords } from '../../db/schema/index.js';
import {
  bookRequestSchema,
  freightShipmentSchema,
  quoteRequestSchema,
  quoteSchema,
  type FreightShipment,
} from '../../integrations/freight/models.js';
import { billOfLadingPdf } from '../../../printing/bill-of-lading.js';
import type { LabelElement } from '../../../printing/model.js';
import { renderPdf } from '../../../printing/pdf.js';
import { LABEL_GEOMETRY } from '../../../printing/sizes.js';
import { barcode, contentArea, lineHeight, nOfN, text } from '../../../printing/templates/layout.js';
import { faultGate } from '../faults.js';
import { code, rng } from '../random.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { addBusinessDays, CARRIERS, carrierCharges, classFromDensity, transitDays, zone } from './pricing.js';

const ACCOUNT = /^[A-Z0-9-]{4,20}$/;
const QUOTE_VALID_MS = 24 * 3_600_000;
const MAX_LTL_LB = 20_000;

type Status = 400 | 401 | 404 | 409 | 429 | 503;
const freightError = (c: Context, status: Status, code: string, message: string, field?: string) =>
  c.json({ errors: [{ code, message, ...(field ? { field } : {}) }] }, status);

const storedQuote = z.object({
  quote: quoteSchema,
  request: quoteRequestSchema,
  createdAt: z.number(),
});
const storedShipment = z.object({
  shipment: freightShipmentSchema,
  bookedAt: z.number(),
  pickupAt: z.number(),
  deliveredAt: z.number(),
  cancelledAt: z.number().optional(),
  shipper: z.record(z.string(), z.unknown()),
  consignee: z.record(z.string(), z.unknown()),
  documentToken: z.string(),
  idempotencyKey: z.string().optional(),
});
type StoredShipment = z.infer<typeof storedShipment>;

const sets = (account: string) => ({
  quotes: {
    provider: 'freight',
    account,
    kind: 'quote',
    schema: storedQuote,
    keyOf: (q) => q.quote.quoteId,
  } as RecordSet<z.infer<typeof storedQuote>>,
  shipments: {
    provider: 'freight',
    account,
    kind: 'shipment',
    schema: storedShipment,
    keyOf: (s) => s.shipment.shipmentId,
  } as RecordSet<StoredShipment>,
});

/** Where a shipment is at `now`: it moves by the clock once booked. */
function statusAt(s: StoredShipment, now: number): FreightShipment {
  const sh = s.shipment;
  if (s.cancelledAt) return { ...sh, status: 'CANCELLED' };
  const events = [...sh.events];
  let status: FreightShipment['status'] = 'BOOKED';
  const inTransitAt = s.pickupAt + 6 * 3_600_000;
  if (now >= s.pickupAt) {
    status = 'PICKED_UP';
    events.push({ at: new Date(s.pickupAt).toISOString(), status, description: `Picked up by ${sh.carrier.name}` });
  }
  if (now >= inTransitAt) {
    status = 'IN_TRANSIT';
    events.push({ at: new Date(inTransitAt).toISOString(), status, description: 'Departed origin terminal' });
  }
  if (now >= s.deliveredAt) {
    status = 'DELIVERED';
    events.push({ at: new Date(s.deliveredAt).toISOString(), status, description: 'Delivered' });
  }
  return { ...sh, status, events };
}

export function freightSandbox(deps: Deps): Hono {
  const app = new Hono();
  const accountOf = (c: Context) => {
    const number = c.req.header('x-account-number') ?? '';
    const key = /^Bearer (.{24,})$/.exec(c.req.header('authorization') ?? '')?.[1];
    return ACCOUNT.test(number) && key
      ? `${number}:${createHash('sha256').update(key).digest('hex').slice(0, 12)}`
      : null;
  };
  app.use(
    '/v1/*',
    faultGate(deps, 'freight', {
      throttle: (c) => {
        c.header('retry-after', '1');
        return freightError(c, 429, 'RATE_LIMITED', 'Too many requests; slow down.');
      },
      error: (c) => freightError(c, 503, 'UNAVAILABLE', 'The rating engine is temporarily unavailable.'),
      invalid: (c) => freightError(c, 400, 'INVALID', 'The request is not valid (injected fault).'),
      authorised: (c) => !!accountOf(c),
      unauthorised: (c) => freightError(c, 401, 'UNAUTHORIZED', 'Unknown account number or API key.'),
    }),
  );
  const now = () => deps.now().getTime();
  const invalid = (c: Context, issue: z.core.$ZodIssue) =>
    freightError(c, 400, 'INVALID', issue.message, issue.path.join('.') || undefined);

  app.post('/v1/quotes', async (c) => {
    const parsed = quoteRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.error.issues[0]);
    const req = parsed.data;
    const today = new Date(now()).toISOString().slice(0, 10);
    if (req.pickupDate < today) return freightError(c, 400, 'INVALID', 'The pickup date is in the past', 'pickupDate');
    const day = new Date(`${req.pickupDate}T00:00:00Z`).getUTCDay();
    if (day === 0 || day === 6)
      return freightError(c, 400, 'INVALID', 'Carriers do not pick up on weekends: choose a weekday', 'pickupDate');
    const total = req.handlingUnits.reduce((t, u) => t + u.weightLb * u.count, 0);
    if (total > MAX_LTL_LB)
      return freightError(
        c,
        400,
        'TOO_HEAVY_FOR_LTL',
        `${total.toLocaleString('en-US')} lb is more than LTL takes (${MAX_LTL_LB.toLocaleString('en-US')} lb): book a full truckload`,
        'handlingUnits',
      );
    const units = req.handlingUnits.map((u) => ({ ...u, freightClass: u.freightClass ?? classFromDensity(u) }));
    const z = zone(req.origin.postalCode, req.destination.postalCode);
    const quoteId = `Q${code(rng(randomBytes(8).toString('hex')), '', 11)}`;
    const rates = CARRIERS.flatMap((carrier) => {
      const days = transitDays(z) + carrier.days;
      const charges = carrierCharges(units, z, req.accessorials, carrier.discount);
      const total = Math.round(charges.reduce((t, ch) => t + ch.amount, 0) * 100) / 100;
      const standard = {
        rateId: `${quoteId}-${carrier.scac}`,
        carrier: { scac: carrier.scac, name: carrier.name },
        service: 'STANDARD' as const,
        transitDays: days,
        estimatedDelivery: addBusinessDays(req.pickupDate, days),
        charges,
        total,
      };
      // The fastest carrier also sells a guaranteed delivery date, at a premium.
      return carrier.days === 0 && carrier.scac === 'ODFL'
        ? [
            standard,
            {
              ...standard,
              rateId: `${quoteId}-${carrier.scac}-G`,
              service: 'GUARANTEED' as const,
              charges: [...charges, { code: 'GUARANTEE', description: 'Guaranteed delivery date', amount: 65 }],
              total: Math.round((total + 65) * 100) / 100,
            },
          ]
        : [standard];
    }).sort((a, b) => a.total - b.total);
    const quote = {
      quoteId,
      expiresAt: new Date(now() + QUOTE_VALID_MS).toISOString(),
      ratedClasses: units.map((u) => u.freightClass),
      rates,
    };
    await putRecord(deps, sets(accountOf(c)!).quotes, { quote, request: req, createdAt: now() });
    return c.json(quote, 201);
  });

  app.post('/v1/shipments', async (c) => {
    const account = accountOf(c)!;
    const { quotes, shipments } = sets(account);
    const key = c.req.header('idempotency-key');
    if (key) {
      const earlier = (await recordsOf(deps, shipments, () => [])).find((s) => s.idempotencyKey === key);
      if (earlier) return c.json(statusAt(earlier, now()), 201);
    }
    const parsed = bookRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.error.issues[0]);
    const req = parsed.data;
    const quoteId = req.rateId.split('-')[0];
    const found = await getRecord(deps, quotes, quoteId);
    const rate = found?.quote.rates.find((r) => r.rateId === req.rateId);
    if (!found || !rate)
      return freightError(c, 404, 'NOT_FOUND', `Rate ${req.rateId} was not found: quote again`, 'rateId');
    if (Date.parse(found.quote.expiresAt) < now())
      return freightError(c, 409, 'QUOTE_EXPIRED', 'The quote has expired: quote again', 'rateId');
    const r = rng(`${account}/${req.rateId}/${now()}`);
    const shipmentId = `FS${code(r, '', 10)}`;
    const pickupDate = found.request.pickupDate;
    const pickupAt = Date.parse(`${pickupDate}T14:00:00Z`);
    const documentToken = randomBytes(16).toString('hex');
    const origin = new URL(c.req.url).origin + c.req.path.replace(/\/v1\/shipments$/, '');
    const shipment: FreightShipment = {
      shipmentId,
      status: 'BOOKED',
      bolNumber: code(r, 'BOL', 11),
      proNumber: code(r, '', 10).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) % 10)),
      carrier: rate.carrier,
      service: rate.service,
      pickup: { date: pickupDate, windowStart: '09:00', windowEnd: '17:00' },
      estimatedDelivery: rate.estimatedDelivery,
      total: rate.total,
      origin: found.request.origin,
      destination: found.request.destination,
      handlingUnits: found.request.handlingUnits.map((u, i) => ({ ...u, freightClass: found.quote.ratedClasses[i] })),
      references: req.references,
      events: [
        { at: new Date(now()).toISOString(), status: 'BOOKED', description: `Booked with ${rate.carrier.name}` },
      ],
      documents: {
        billOfLading: `${origin}/documents/${documentToken}/bill-of-lading.pdf`,
        labels: `${origin}/documents/${documentToken}/labels.pdf`,
      },
    };
    await putRecord(deps, shipments, {
      shipment,
      bookedAt: now(),
      pickupAt,
      deliveredAt: Date.parse(`${rate.estimatedDelivery}T17:00:00Z`),
      shipper: req.shipper,
      consignee: req.consignee,
      documentToken,
      ...(key ? { idempotencyKey: key } : {}),
    });
    return c.json(shipment, 201);
  });

  app.get('/v1/shipments', async (c) => {
    const status = c.req.query('status');
    const all = (await recordsOf(deps, sets(accountOf(c)!).shipments, () => []))
      .map((s) => statusAt(s, now()))
      .filter((s) => !status || s.status === status);
    return c.json({ shipments: all, total: all.length });
  });

  app.get('/v1/shipments/:id', async (c) => {
    const found = await getRecord(deps, sets(accountOf(c)!).shipments, c.req.param('id'));
    return found ? c.json(statusAt(found, now())) : freightError(c, 404, 'NOT_FOUND', 'No such shipment');
  });

  app.post('/v1/shipments/:id/cancel', async (c) => {
    const { shipments } = sets(accountOf(c)!);
    const found = await getRecord(deps, shipments, c.req.param('id'));
    if (!found) return freightError(c, 404, 'NOT_FOUND', 'No such shipment');
    const current = statusAt(found, now());
    if (current.status === 'CANCELLED') return c.json(current);
    if (current.status !== 'BOOKED')
      return freightError(
        c,
        409,
        'ALREADY_PICKED_UP',
        `The carrier has the freight (${current.status}): it can no longer be cancelled`,
      );
    const cancelled = { ...found, cancelledAt: now() };
    cancelled.shipment = {
      ...found.shipment,
      events: [
        ...found.shipment.events,
        { at: new Date(now()).toISOString(), status: 'CANCELLED', description: 'Cancelled by the shipper' },
      ],
    };
    await putRecord(deps, shipments, cancelled);
    return c.json(statusAt(cancelled, now()));
  });

  // Documents: unguessable links, as brokers hand out, readable without the API key.
  app.get('/documents/:token/:file', async (c) => {
    const token = c.req.param('token');
    if (!/^[0-9a-f]{32}$/.test(token)) return c.text('Not found', 404);
    const rows = await findShipmentByToken(deps, token);
    if (!rows) return c.text('Not found', 404);
    const { shipment, shipper, consignee } = rows;
    const sh = shipment.shipment;
    const place = (p: Record<string, unknown>, at: typeof sh.origin) => ({
      name: String(p.company ?? p.name),
      addressLine1: String(p.addressLine1),
      city: at.city,
      stateOrProvinceCode: at.state,
      postalCode: at.postalCode,
      countryCode: at.country,
    });
    const units = sh.handlingUnits.reduce((t, u) => t + u.count, 0);
    if (c.req.param('file') === 'bill-of-lading.pdf') {
      const pdf = await billOfLadingPdf({
        bolNumber: sh.bolNumber,
        proNumber: sh.proNumber,
        references: [
          ['Broker shipment', sh.shipmentId],
          ...(sh.references.po ? ([['PO', sh.references.po]] as [string, string][]) : []),
          ...(sh.references.shipperRef
            ? ([['Shipper reference', sh.references.shipperRef]] as [string, string][])
            : []),
          ['Service', sh.service === 'GUARANTEED' ? 'Guaranteed delivery' : 'Standard LTL'],
        ],
        carrier: `${sh.carrier.name} (${sh.carrier.scac})`,
        pickup: {
          start: `${sh.pickup.date}T${sh.pickup.windowStart}:00Z`,
          end: `${sh.pickup.date}T${sh.pickup.windowEnd}:00Z`,
        },
        shipper: { ...place(shipper, sh.origin), contact: String(shipper.name), phone: String(shipper.phone) },
        consignee: place(consignee, sh.destination),
        pallets: sh.handlingUnits.map((u) => ({
          count: u.count,
          weightLb: u.weightLb * u.count,
          stackable: u.stackable,
        })),
        boxes: 0,
        freightClass: `FC_${String(Math.max(...sh.handlingUnits.map((u) => u.freightClass))).replace('.', '_')}`,
        freightCharges: 'Prepaid (third-party billing to the broker)',
      });
      return c.body(Buffer.from(pdf), 200, { 'content-type': 'application/pdf' });
    }
    if (c.req.param('file') === 'labels.pdf') {
      const g = LABEL_GEOMETRY['4x6'];
      const labels = Array.from({ length: units }, (_, i) => {
        const a = contentArea(g);
        let y = a.y;
        const els: LabelElement[] = [
          text(`${sh.carrier.name} · PRO`, { x: a.x, y, width: a.width, sizePt: 10, weight: 'bold' }),
        ];
        y += lineHeight(10);
        els.push(barcode('code128', sh.proNumber, { x: a.x, y, width: a.width, height: 1.3 }));
        y += 1.4;
        els.push(text(sh.proNumber, { x: a.x, y, width: a.width, sizePt: 16, weight: 'bold', align: 'center' }));
        y += lineHeight(16) + 0.1;
        els.push(
          text(`TO: ${String(consignee.company ?? consignee.name)}`, {
            x: a.x,
            y,
            width: a.width,
            sizePt: 12,
            weight: 'bold',
          }),
        );
        y += lineHeight(12);
        els.push(
          text(`${sh.destination.city}, ${sh.destination.state} ${sh.destination.postalCode}`, {
            x: a.x,
            y,
            width: a.width,
            sizePt: 12,
          }),
        );
        y += lineHeight(12) + 0.1;
        els.push(text(`BOL ${sh.bolNumber}`, { x: a.x, y, width: a.width, sizePt: 10 }));
        y += lineHeight(10) + 0.1;
        els.push(
          text(`HANDLING UNIT ${nOfN(i + 1, units)}`, { x: a.x, y, width: a.width, sizePt: 20, weight: 'bold' }),
        );
        return { width: g.width, height: g.height, elements: els };
      });
      const pdf = await renderPdf(labels, g, { title: `PRO ${sh.proNumber} labels` });
      return c.body(Buffer.from(pdf), 200, { 'content-type': 'application/pdf' });
    }
    return c.text('Not found', 404);
  });

  return app;
}

async function findShipmentByToken(deps: Deps, token: string) {
  // The token is stored on the shipment; look it up across accounts (the link is the key).
  const [row] = await deps.db
    .select()
    .from(sandboxRecords)
    .where(
      and(
        eq(sandboxRecords.provider, 'freight'),
        eq(sandboxRecords.kind, 'shipment'),
        sql`${sandboxRecords.data}->>'documentToken' = ${token}`,
      ),
    );
  if (!row) return null;
  const shipment = storedShipment.parse(row.data);
  return { shipment, shipper: shipment.shipper, consignee: shipment.consignee };
}
