/**
 * Invoices (issue 21) against the real server: a hand-computed month for one client (receiving,
 * sorting, boxes, problems, FBM orders, storage with a mid-month shipment, tax) gives exactly the
 * total written here; gapless numbers across clients, a void and a failed generation; a second
 * generation 409 with nothing double-counted; a property test (lines = charges, no charge on two
 * invoices); the jobs re-run, run twice at once and killed mid-run; tenancy; the PDF.
 */
import '../helpers/fba.js';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';
import { appendCharges, type NewCharge } from '../../server/modules/billing/ledger.js';
import { generate } from '../../server/modules/invoices/service.js';
import { queueMonthlyBilling, runBilling } from '../../server/modules/invoices/jobs.js';
import {
  chargeEvents,
  charges,
  financeAudit,
  invoiceCounters,
  invoiceLines,
  invoices,
  mailLog,
  pendingCharges,
  tenants,
} from '../../server/db/schema/index.js';
import { monthPeriod } from '../../domain/schemas/invoices.js';

let s: TestServer;
const t: Record<string, string> = {};
let tenantId: number;
let northTenantId: number;
let acme: number;
let blueFox: number;
const B = '/api/finance/invoice';

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'demo.receiver', 'north.admin'])
    t[u] = await s.token(u);
  const admin = await s.signIn('demo.admin');
  tenantId = admin.userData.tenantId;
  acme = (await s.signIn('demo.client')).userData.companyId;
  blueFox = (await s.signIn('demo.client2')).userData.companyId;
  northTenantId = (await s.signIn('north.admin')).userData.tenantId;
  const fees = await s.put(
    '/api/settings/fees',
    {
      values: {
        ITEM_SORT_FEE: '0.25',
        PER_BOX_CHARGE: '1.50',
        FBM_CHARGE_PER_SKU: '0.75',
        FBM_EXTRA_ITEM_CHARGE: '0.30',
        PROBLEM_CHARGE: '2.00',
        PROBLEM_CHARGE_PER_ITEM: '0.50',
        DAILY_STORAGE_FEE_PER_QF: '0.0333',
        INVOICE_TAX_PERCENT: '8.25',
        INVOICE_PAYMENT_TERMS_DAYS: 15,
      },
    },
    t['demo.admin'],
  );
  expect(fees.status, JSON.stringify(fees.meta)).toBe(200);
});
afterAll(async () => s?.close());

let eventSeq = 0;
async function event(companyId: number, kind: string, quantity: number, at: string, details = {}) {
  await s.db.insert(chargeEvents).values({
    tenantId,
    companyId,
    kind,
    quantity,
    sourceType: 'test',
    sourceId: `ev-${++eventSeq}`,
    details,
    at,
  });
}

const storageLine = (companyId: number, day: string, cubicFeet: string, tag = 'st'): NewCharge => ({
  tenantId,
  companyId,
  code: 'STORAGE_DAILY',
  description: `Storage ${day}`,
  quantity: cubicFeet,
  unitPrice: '0.0333',
  currency: 'USD',
  rule: { source: 'tenantFee', feeKey: 'DAILY_STORAGE_FEE_PER_QF' },
  sourceType: 'test_storage',
  sourceId: `${tag}:${companyId}:${day}`,
  serviceDate: day,
});

const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

async function rawGet(path: string, token: string) {
  return s.started.app.request(path, { headers: { authorization: `Bearer ${token}` } });
}

/** The text drawn on a pdf-lib PDF: its content streams inflated, hex strings of Tj decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = Buffer.from(raw.slice(start, end), 'latin1');
    let text: string;
    try {
      text = inflateSync(chunk).toString('latin1');
    } catch {
      text = chunk.toString('latin1');
    }
    for (const h of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1], 'hex').toString('latin1'));
    for (const p of text.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) out.push(p[1]);
    re.lastIndex = end;
  }
  return out.join('\n');
}

describe('a hand-computed month', () => {
  const M = '2026-09';
  let invoiceId: number;

  it('previews exactly the total written here, with the unpriced receiving as a warning', async () => {
    // Receiving: 120 units (no plan prices UNIT_RECEIVED: recorded at 0 and warned), sorted at 0.25.
    await event(acme, 'unit_received', 120, '2026-09-02T10:00:00Z');
    await event(acme, 'unit_sorted', 120, '2026-09-02T11:00:00Z'); // 120 × 0.25 = 30.00
    await event(acme, 'box_packed', 6, '2026-09-10T09:00:00Z'); // 6 × 1.50 = 9.00
    // FBM: an order of 2 SKUs and 5 units (2 × 0.75 + 3 × 0.30 = 2.40), one of 1 SKU (0.75).
    await event(acme, 'fbm_order_shipped', 1, '2026-09-12T15:00:00Z', { skus: 2, units: 5, orderNumber: 'A-1' });
    await event(acme, 'fbm_order_shipped', 1, '2026-09-20T15:00:00Z', { skus: 1, units: 1, orderNumber: 'A-2' });
    // A damaged problem of 3 units: 2.00 + 3 × 0.50 = 3.50.
    await s.db.insert(pendingCharges).values({
      tenantId,
      companyId: acme,
      code: 'PROBLEM_DAMAGED',
      quantity: 3,
      sourceType: 'problem',
      sourceId: 990001,
      createdAt: '2026-09-15T08:00:00Z',
    });
    // Storage: 40 ft³ on the 1st–10th (1.332 → 1.33 a day), a mid-month shipment leaves 25.5 ft³ on
    // the 11th–30th (0.84915 → 0.85 a day): 10 × 1.33 + 20 × 0.85 = 30.30.
    const lines: NewCharge[] = [];
    for (let d = 1; d <= 30; d++) lines.push(storageLine(acme, day(M, d), d <= 10 ? '40' : '25.5'));
    await appendCharges(s.db, lines);
    // Outside the month: not on this invoice.
    await event(acme, 'box_packed', 100, '2026-08-31T23:59:00Z');
    await event(acme, 'box_packed', 100, '2026-10-01T00:00:00Z');

    const res = await s.get(`${B}/preview?month=${M}&companyId=${acme}`, t['demo.admin']);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.period).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(res.body.clients).toHaveLength(1);
    const c = res.body.clients[0];
    // 30.00 + 9.00 + 1.50 + 0.90 + 0.75 + 2.00 + 1.50 + 30.30 = 75.95; tax 8.25 % = 6.265875 → 6.27.
    expect(c).toMatchObject({
      companyId: acme,
      subtotalCents: 7595,
      taxPercent: '8.25',
      taxCents: 627,
      totalCents: 8222,
      currency: 'USD',
      existingInvoice: null,
    });
    const flat = c.categories.flatMap((g: { lines: unknown[] }) => g.lines);
    const line = (code: string) => flat.find((l: { code: string }) => l.code === code);
    expect(line('ITEM_SORT')).toMatchObject({ quantity: '120', unitPrice: '0.25', amountCents: 3000, unit: 'unit' });
    expect(line('UNIT_RECEIVED')).toMatchObject({ quantity: '120', amountCents: 0 });
    expect(line('BOX_PACKED')).toMatchObject({ quantity: '6', unitPrice: '1.50', amountCents: 900 });
    expect(line('FBM_SKU')).toMatchObject({ quantity: '3', amountCents: 225, chargeCount: 2 });
    expect(line('FBM_EXTRA_ITEM')).toMatchObject({ quantity: '3', amountCents: 90 });
    expect(line('PROBLEM_DAMAGED')).toMatchObject({ quantity: '1', amountCents: 200 });
    expect(line('PROBLEM_UNITS')).toMatchObject({ quantity: '3', amountCents: 150 });
    expect(line('STORAGE_DAILY')).toMatchObject({ quantity: '910', unitPrice: '0.0333', amountCents: 3030 });
    expect(c.categories.map((g: { category: string }) => g.category)).toEqual([
      'receiving',
      'outbound',
      'fbm',
      'storage',
      'problems',
    ]);
    expect(c.storage).toEqual({
      unit: 'cubicFootDay',
      quantity: '910',
      days: 30,
      averagePerDay: '30.3333',
      amountCents: 3030,
    });
    expect(c.warnings).toEqual([expect.objectContaining({ kind: 'unpriced', code: 'UNIT_RECEIVED', chargeCount: 1 })]);
    expect(c.warnings[0].message).toMatch(/no price set/);
  });

  it('generates it: numbered, the same total, charges claimed, e-mailed', async () => {
    const res = await s.post(`${B}/generate`, { month: M, companyIds: [acme] }, t['demo.admin']);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    expect(res.body.invoices).toHaveLength(1);
    const inv = res.body.invoices[0];
    invoiceId = inv.id;
    expect(inv).toMatchObject({
      number: 'INV-000001',
      companyId: acme,
      status: 'issued',
      subtotalCents: 7595,
      taxCents: 627,
      totalCents: 8222,
      balanceCents: 8222,
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
    });
    expect(inv.emailedAt).not.toBeNull();
    const mail = await s.db.select().from(mailLog).where(eq(mailLog.template, 'invoice'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: 'ops@acme.example' });
    expect(mail[0].subject).toContain('INV-000001');
    expect(mail[0].body).toContain(`/apps/invoice/detail/${invoiceId}`);

    const detail = await s.get(`${B}/${invoiceId}`, t['demo.admin']);
    expect(detail.status).toBe(200);
    expect(detail.body.storage).toMatchObject({ quantity: '910', days: 30, amountCents: 3030 });
    expect(detail.body.from.name).toBe('Demo Prep Co');
    expect(detail.body.to).toMatchObject({ name: 'Acme Sellers', email: 'ops@acme.example' });
    const sum = detail.body.categories.reduce((a: number, g: { amountCents: number }) => a + g.amountCents, 0);
    expect(sum).toBe(7595);
    const claimed = await s.db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`sum(amount_cents)::int` })
      .from(charges)
      .where(eq(charges.invoiceId, invoiceId));
    expect(claimed[0].cents).toBe(7595);
    // Outside the month, still waiting.
    const left = await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(charges)
      .where(and(eq(charges.companyId, acme), isNull(charges.invoiceId), eq(charges.code, 'BOX_PACKED')));
    expect(left[0].n).toBe(2);

    const items = await s.get(`${B}/items?invoiceId=${invoiceId}&pageSize=50`, t['demo.client']);
    expect(items.status).toBe(200);
    expect(items.body.totalElements).toBe(8);
  });

  it('a second generation for the client and period answers 409 and counts nothing twice', async () => {
    const before = await s.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const again = await s.post(`${B}/generate`, { month: M, companyIds: [acme] }, t['demo.admin']);
    expect(again.status).toBe(409);
    expect(again.meta.error_list[0].message).toMatch(/already has invoice INV-000001/);
    // "All clients" when every one with a live invoice has nothing new: 409 too.
    expect((await s.post(`${B}/generate`, { month: M }, t['demo.admin'])).status).toBe(409);
    const after = await s.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after[0].n).toBe(before[0].n);
    const cents = await s.db
      .select({ cents: sql<number>`sum(amount_cents)::int` })
      .from(charges)
      .where(eq(charges.invoiceId, invoiceId));
    expect(cents[0].cents).toBe(7595);
    // The preview says so.
    const p = await s.get(`${B}/preview?month=${M}`, t['demo.admin']);
    expect(p.body.clients.find((c: { companyId: number }) => c.companyId === acme)).toBeUndefined();
  });

  it('the PDF parses and shows the lines, tax, total and balance due', async () => {
    const res = await rawGet(`${B}/${invoiceId}/pdf`, t['demo.client']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain('INV-000001');
    const text = pdfText(bytes);
    for (const s_ of [
      'INVOICE',
      'INV-000001',
      'Acme Sellers',
      'Demo Prep Co',
      // Acme's people never chose a language: the warehouse's (English), with its formats.
      '$82.22',
      '$75.95',
      '$6.27',
      'Tax (8.25 %)',
      'Balance due',
      'Storage summary',
      'Item sort',
      '09/30/2026',
    ])
      expect(text, s_).toContain(s_);
  });
});

describe('numbering', () => {
  const M = '2026-09';
  it('is gapless across two clients, a void (number kept) and a failed generation', async () => {
    await event(blueFox, 'box_packed', 2, '2026-09-05T10:00:00Z'); // 3.00
    // All clients: Acme already invoiced (left alone), Blue Fox gets the next number.
    const all = await s.post(`${B}/generate`, { month: M }, t['demo.admin']);
    expect(all.status, JSON.stringify(all.meta)).toBe(201);
    expect(all.body.invoices.map((i: { number: string; companyId: number }) => [i.number, i.companyId])).toEqual([
      ['INV-000002', blueFox],
    ]);
    const acmeInv = (await s.get(`${B}?companyId=${acme}&month=${M}`, t['demo.admin'])).body.content[0];

    // Void: a reason is required; then void, audited, charges released, number kept.
    expect((await s.post(`${B}/${acmeInv.id}/void`, {}, t['demo.admin'])).status).toBe(400);
    expect((await s.post(`${B}/${acmeInv.id}/void`, { reason: 'x' }, t['demo.client'])).status).toBe(403);
    const v = await s.post(`${B}/${acmeInv.id}/void`, { reason: 'Wrong storage rate' }, t['demo.admin']);
    expect(v.status, JSON.stringify(v.meta)).toBe(200);
    expect(v.body).toMatchObject({
      status: 'void',
      number: 'INV-000001',
      voidReason: 'Wrong storage rate',
      balanceCents: 0,
    });
    expect((await s.post(`${B}/${acmeInv.id}/void`, { reason: 'again' }, t['demo.admin'])).status).toBe(412);
    const audit = await s.db.select().from(financeAudit).where(eq(financeAudit.entityId, acmeInv.id));
    expect(audit).toEqual([
      expect.objectContaining({ entity: 'invoice', action: 'void', reason: 'Wrong storage rate', amountCents: 8222 }),
    ]);
    const released = await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(charges)
      .where(eq(charges.invoiceId, acmeInv.id));
    expect(released[0].n).toBe(0);

    // A generation that fails half-way (a line's quantity overflows its column) leaves no trace.
    await appendCharges(s.db, [
      { ...storageLine(acme, '2026-09-03', '90000000000000', 'huge'), unitPrice: '0', code: 'MANUAL' },
      { ...storageLine(acme, '2026-09-04', '90000000000000', 'huge'), unitPrice: '0', code: 'MANUAL' },
    ]);
    await expect(
      generate(s.deps, tenantId, monthPeriod(M), { existing: 'refuse', companyIds: [acme] }),
    ).rejects.toThrow();
    const [counter] = await s.db.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, tenantId));
    expect(counter.lastNumber).toBe(2);
    expect((await s.db.select().from(invoices).where(eq(invoices.tenantId, tenantId))).length).toBe(2);
    await s.db.execute(sql`delete from charges where source_id like 'huge:%'`);

    // Acme again for the same month: the next number, the same total.
    const re = await s.post(`${B}/generate`, { month: M, companyIds: [acme] }, t['demo.admin']);
    expect(re.status, JSON.stringify(re.meta)).toBe(201);
    expect(re.body.invoices[0]).toMatchObject({ number: 'INV-000003', totalCents: 8222 });
    const numbers = (await s.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.tenantId, tenantId)))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3]);
  });
});

describe('tenancy and bad input', () => {
  it('a client sees only its own invoices and PDFs; another tenant gets 404', async () => {
    const mine = await s.get(`${B}?pageSize=50`, t['demo.client']);
    expect(mine.status).toBe(200);
    expect(mine.body.content.length).toBeGreaterThan(0);
    expect(mine.body.content.every((i: { companyId: number }) => i.companyId === acme)).toBe(true);
    // Even asking for another company's.
    const asked = await s.get(`${B}?companyId=${blueFox}`, t['demo.client']);
    expect(asked.body.content).toEqual([]);
    const fox = (await s.get(`${B}?companyId=${blueFox}`, t['demo.admin'])).body.content[0];
    expect((await s.get(`${B}/${fox.id}`, t['demo.client'])).status).toBe(404);
    expect((await rawGet(`${B}/${fox.id}/pdf`, t['demo.client'])).status).toBe(404);
    expect((await s.get(`${B}/items?invoiceId=${fox.id}`, t['demo.client'])).status).toBe(404);
    expect((await s.get(`${B}/${fox.id}`, t['demo.client2'])).status).toBe(200);
    expect((await s.get(`${B}/${fox.id}`, t['north.admin'])).status).toBe(404);
    expect((await rawGet(`${B}/${fox.id}/pdf`, t['north.admin'])).status).toBe(404);
    expect((await s.post(`${B}/${fox.id}/void`, { reason: 'not mine' }, t['north.admin'])).status).toBe(404);
    expect((await s.post(`${B}/${fox.id}/send`, {}, t['north.admin'])).status).toBe(404);
    expect((await s.get(`${B}?pageSize=50`, t['north.admin'])).body.content).toEqual([]);
    // Clients neither preview nor generate.
    expect((await s.get(`${B}/preview?month=2026-09`, t['demo.client'])).status).toBe(403);
    expect((await s.post(`${B}/generate`, { month: '2026-09' }, t['demo.client'])).status).toBe(403);
    expect((await s.post(`${B}/${fox.id}/send`, {}, t['demo.client2'])).status).toBe(403);
    expect((await s.get(B)).status).toBe(401);
  });

  it('refuses bad periods, unknown clients and ids in the envelope, never 500', async () => {
    const a = t['demo.admin'];
    for (const q of [
      'month=2026-13',
      'month=x',
      'from=2026-09-10&to=2026-09-01',
      'from=2026-02-30&to=2026-03-01',
      '',
      'month=2026-09&from=2026-09-01',
      'from=2024-01-01&to=2026-01-01',
    ])
      expect((await s.get(`${B}/preview?${q}`, a)).status, q).toBe(400);
    expect((await s.post(`${B}/generate`, { month: '2026-9' }, a)).status).toBe(400);
    expect((await s.post(`${B}/generate`, { month: '2026-09', extra: 1 }, a)).status).toBe(400);
    expect((await s.post(`${B}/generate`, { month: '2026-09', companyIds: [999999] }, a)).status).toBe(404);
    // Nothing uninvoiced in a month before any invoice and any charge: nothing to generate.
    expect((await s.post(`${B}/generate`, { month: '2026-01' }, a)).status).toBe(412);
    expect((await s.get(`${B}/999999`, a)).status).toBe(404);
    expect((await s.get(`${B}/abc`, a)).status).toBe(400);
    expect((await s.get(`${B}/items`, a)).status).toBe(400);
    expect((await s.get(`${B}?status=weird`, a)).status).toBe(400);
    expect((await s.post(`${B}/999999/void`, { reason: 'nothing' }, a)).status).toBe(404);
    const sent = await s.post(`${B}/${(await s.get(`${B}?status=issued`, a)).body.content[0].id}/send`, {}, a);
    expect(sent.status, JSON.stringify(sent.meta)).toBe(200);
    expect(sent.body.to).toMatch(/@/);
  });
});

describe('property: lines equal charges, no charge on two invoices', () => {
  it('random charges, generated, voided and generated again', async () => {
    const codes: [string, string][] = [
      ['ITEM_SORT', 'unit'],
      ['BOX_PACKED', 'box'],
      ['STORAGE_DAILY', 'cf'],
      ['MANUAL', 'each'],
      ['FBM_SKU', 'sku'],
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            client: fc.constantFrom(0, 1),
            code: fc.constantFrom(...codes.map((c) => c[0])),
            d: fc.integer({ min: 1, max: 28 }),
            qty: fc.integer({ min: 1, max: 999_999 }).map((n) => (n / 10_000).toFixed(4)),
            price: fc.integer({ min: 0, max: 5_000_000 }).map((n) => (n / 1_000_000).toFixed(6)),
            prices: fc.constantFrom('a', 'b'),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.boolean(),
        async (rows, voidOne) => {
          run += 1;
          const month = `2024-${String(run).padStart(2, '0')}`;
          const period = monthPeriod(month);
          const lines: NewCharge[] = rows.map((r, i) => ({
            tenantId,
            companyId: r.client ? blueFox : acme,
            code: r.code,
            description: `random ${i}`,
            quantity: r.qty,
            unitPrice: r.prices === 'a' ? r.price : '0.123456',
            currency: 'USD',
            rule: { source: 'event' },
            sourceType: 'prop',
            sourceId: `${month}:${i}`,
            serviceDate: day(month, r.d),
          }));
          await appendCharges(s.db, lines);
          const check = async () => {
            const res = await generate(s.deps, tenantId, period, { existing: 'skip', send: false });
            const live = await s.db
              .select()
              .from(invoices)
              .where(
                and(eq(invoices.tenantId, tenantId), eq(invoices.periodStart, period.from), sql`status <> 'void'`),
              );
            for (const inv of live) {
              const [l] = await s.db
                .select({ c: sql<number>`coalesce(sum(amount_cents),0)::int` })
                .from(invoiceLines)
                .where(eq(invoiceLines.invoiceId, inv.id));
              const [c] = await s.db
                .select({ c: sql<number>`coalesce(sum(amount_cents),0)::int` })
                .from(charges)
                .where(eq(charges.invoiceId, inv.id));
              expect(l.c).toBe(c.c);
              expect(Number(inv.subtotalCents)).toBe(c.c);
            }
            const inPeriod = and(
              eq(charges.tenantId, tenantId),
              gte(charges.serviceDate, period.from),
              lte(charges.serviceDate, period.to),
            );
            const [left] = await s.db
              .select({ n: sql<number>`count(*)::int` })
              .from(charges)
              .where(and(inPeriod, isNull(charges.invoiceId)));
            expect(left.n).toBe(0);
            // Each charge's invoice is live: none is on a void one (and a column holds one invoice).
            const [onVoid] = await s.db
              .select({ n: sql<number>`count(*)::int` })
              .from(charges)
              .innerJoin(invoices, eq(invoices.id, charges.invoiceId))
              .where(and(inPeriod, eq(invoices.status, 'void')));
            expect(onVoid.n).toBe(0);
            const [total] = await s.db
              .select({ c: sql<number>`coalesce(sum(amount_cents),0)::int` })
              .from(charges)
              .where(and(inPeriod, isNotNull(charges.invoiceId)));
            expect(live.reduce((a, i) => a + Number(i.subtotalCents), 0)).toBe(total.c);
            return res;
          };
          const first = await check();
          if (voidOne && first.invoices.length) {
            const admin = await s.signIn('demo.admin');
            expect(admin).toBeTruthy();
            const v = await s.post(`${B}/${first.invoices[0].id}/void`, { reason: 'property' }, t['demo.admin']);
            expect(v.status).toBe(200);
            const second = await check();
            expect(second.invoices).toHaveLength(1);
          }
        },
      ),
      { numRuns: 12, seed: 2126 },
    );
    // Every number once, none missing.
    const numbers = (await s.db.select({ n: invoices.number }).from(invoices).where(eq(invoices.tenantId, tenantId)))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});

describe('jobs', () => {
  const M = '2026-07';
  const seed = async () => {
    for (const c of [acme, blueFox]) {
      await event(c, 'box_packed', 3, '2026-07-09T10:00:00Z');
      await event(c, 'unit_sorted', 10, '2026-07-19T10:00:00Z');
    }
  };
  const numbersOf = async () =>
    (
      await s.db
        .select({ n: invoices.number, companyId: invoices.companyId, status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.periodStart, '2026-07-01')))
    ).sort((a, b) => a.n - b.n);

  it('billing.run twice at once and again makes each invoice once, without gaps', async () => {
    await seed();
    const [counter] = await s.db.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, tenantId));
    const [a, b] = await Promise.all([runBilling(s.deps, tenantId, M), runBilling(s.deps, tenantId, M)]);
    expect(a.invoices.length + b.invoices.length).toBe(2);
    const again = await runBilling(s.deps, tenantId, M);
    expect(again.invoices).toEqual([]);
    const rows = await numbersOf();
    expect(rows.map((r) => r.n)).toEqual([(counter?.lastNumber ?? 0) + 1, (counter?.lastNumber ?? 0) + 2]);
    expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([acme, blueFox]));
    // Each mailed once.
    const mails = await s.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.template, 'invoice'), sql`subject like ${`%INV-${String(rows[0].n).padStart(6, '0')}%`}`));
    expect(mails).toHaveLength(1);
  });

  it('a run killed after its first invoice is finished by the retry, numbers contiguous', async () => {
    const M2 = '2026-06';
    for (const c of [acme, blueFox]) await event(c, 'box_packed', 1, '2026-06-09T10:00:00Z');
    const [counter] = await s.db.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, tenantId));
    await expect(
      runBilling(s.deps, tenantId, M2, async (done) => {
        if (done === 1) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    const half = await s.db.select().from(invoices).where(eq(invoices.periodStart, '2026-06-01'));
    expect(half).toHaveLength(1);
    expect(half[0].emailedAt).toBeNull();
    const rest = await runBilling(s.deps, tenantId, M2);
    expect(rest.invoices).toHaveLength(1);
    expect(rest.mailed).toBe(2);
    const all = await s.db.select().from(invoices).where(eq(invoices.periodStart, '2026-06-01'));
    expect(all.map((i) => i.number).sort((x, y) => x - y)).toEqual([
      (counter?.lastNumber ?? 0) + 1,
      (counter?.lastNumber ?? 0) + 2,
    ]);
    expect(all.every((i) => i.emailedAt)).toBe(true);
  });

  it('runs through the queue, and billing.monthly queues last month for every tenant', async () => {
    await event(acme, 'box_packed', 4, '2026-05-09T10:00:00Z');
    const id = await s.deps.jobs.enqueue('billing.run', { tenantId, period: '2026-05' }, { tenantId });
    await expect
      .poll(async () => (await s.get(`/api/jobs/batch-process/${id}`, t['demo.admin'])).body?.state, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('completed');
    const may = await s.db.select().from(invoices).where(eq(invoices.periodStart, '2026-05-01'));
    expect(may).toHaveLength(1);
    expect(Number(may[0].totalCents)).toBe(650); // 4 × 1.50 = 6.00 + 8.25 % = 6.495 → 6.50

    const activeTenants = await s.db.select().from(tenants).where(eq(tenants.status, 'Active'));
    const q = await queueMonthlyBilling({ ...s.deps, now: () => new Date('2026-12-01T03:00:00Z') });
    expect(q).toMatchObject({ period: '2026-11', tenants: activeTenants.length, queued: activeTenants.length });
    expect(activeTenants.map((x) => x.id)).toContain(northTenantId);
  });
});

describe('late lines', () => {
  it("a line for a day already invoiced goes on the client's next invoice, once", async () => {
    // September is invoiced for Acme (above); a storage day of September re-priced late arrives.
    await appendCharges(s.db, [storageLine(acme, '2026-09-20', '30', 'late')]);
    const [late] = await s.db
      .select()
      .from(charges)
      .where(eq(charges.sourceId, `late:${acme}:2026-09-20`));
    expect(late.invoiceId).toBeNull();
    const preview = await s.get(`${B}/preview?month=2026-10&companyId=${acme}`, t['demo.admin']);
    expect(preview.status).toBe(200);
    const october = await s.post(`${B}/generate`, { month: '2026-10', companyIds: [acme] }, t['demo.admin']);
    expect(october.status, JSON.stringify(october.meta)).toBe(201);
    const [claimed] = await s.db.select().from(charges).where(eq(charges.id, late.id));
    expect(claimed.invoiceId).toBe(october.body.invoices[0].id);
    // The September invoice still holds exactly what it held.
    const [september] = await s.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, acme), eq(invoices.periodStart, '2026-09-01'), eq(invoices.status, 'issued')));
    const sept = await s.db
      .select({ cents: sql<number>`sum(amount_cents)::int` })
      .from(charges)
      .where(eq(charges.invoiceId, september.id));
    expect(sept[0].cents).toBe(7595);
  });
});
