/**
 * Customs on the Buy Shipping Labels tool (issue 20): a label from the US to London is refused
 * (412, in words) without a declaration and while it is incomplete — before the carrier is asked;
 * with one it is rated and bought, and its document is the label then the CN form (PDF: one more
 * page; ZPL: one more label); CN22 for a small light parcel, CN23 above 300 SDR; goods over
 * USD 2,500 under one HS number need "AES / ITN" with its ITN. A domestic label needs nothing.
 */
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shippingLabels } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { TestServer } from '../helpers/server.js';

// The machine is shared: starting a server may take a while.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 120_000 });
let s: TestServer;
let admin: string;
const L = '/api/external/ship/rate/label';
const from = {
  name: 'Dockside Prep',
  phone: '555-0100',
  line1: '100 Harbor Way',
  city: 'Newark',
  state: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
};
const london = {
  name: 'Ada Buyer',
  phone: '+44 20 7946 0000',
  line1: '10 Downing St',
  city: 'London',
  state: 'LDN',
  postalCode: 'SW1A 2AA',
  countryCode: 'GB',
};
const parcels = [{ weightLb: 2, lengthIn: 10, widthIn: 8, heightIn: 4 }];
const item = (over: Record<string, unknown> = {}) => ({
  description: 'Ceramic coffee mug',
  hsCode: '6912.00',
  countryOfOrigin: 'CN',
  quantity: 2,
  unitValue: 12.5,
  unitWeightLb: 0.8,
  ...over,
});
const customs = (over: Record<string, unknown> = {}) => ({
  incoterm: 'DDU',
  purpose: 'MERCHANDISE',
  returnHandling: 'RETURN',
  exportFiling: 'NOEEI 30.37(a)',
  items: [item()],
  ...over,
});
let seq = 0;
const key = () => `customs-key-${++seq}-${Date.now()}`;
const messages = (res: { meta: { error_list: { message: string }[] } }) =>
  res.meta.error_list.map((e) => e.message).join('\n');
const shop = (body: Record<string, unknown>) =>
  s.post(`${L}/list/rates`, { shipFrom: from, shipTo: london, parcels, ...body }, admin);
const buy = (body: Record<string, unknown>) =>
  s.post(`${L}/purchase`, { shipFrom: from, shipTo: london, parcels, requestKey: key(), ...body }, admin);
const documentOf = async (id: number) => {
  const res = await s.started.app.request(`${L}/${id}/document`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
/** Shops with the declaration and buys the cheapest rate with it. */
async function shopAndBuy(declaration: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const rated = await shop({ customs: declaration });
  expect(rated.status, JSON.stringify(rated.meta)).toBe(200);
  expect(rated.body.rates.length).toBeGreaterThan(0);
  return buy({ rateId: rated.body.rates[0].rateId, customs: declaration, ...extra });
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  admin = await s.token('demo.admin');
});
afterAll(() => s?.close());

describe('an international label from the tool', () => {
  it('without a declaration: rates and purchase are refused in words (412) and nothing is stored', async () => {
    const rated = await shop({});
    expect(rated.status).toBe(412);
    expect(messages(rated)).toContain('This parcel crosses a border (US → GB): fill in its customs declaration');
    const before = (await s.db.select().from(shippingLabels)).length;
    const bought = await buy({ rateId: 'se-anything' });
    expect(bought.status).toBe(412);
    expect(messages(bought)).toContain('crosses a border (US → GB)');
    expect((await s.db.select().from(shippingLabels)).length).toBe(before);
  });

  it('an incomplete declaration is refused per field, in words (412)', async () => {
    const res = await buy({
      rateId: 'se-anything',
      customs: customs({ items: [item({ hsCode: '', countryOfOrigin: '' })] }),
    });
    expect(res.status).toBe(412);
    const said = messages(res);
    expect(said).toContain('The customs declaration (US → GB) is not complete');
    expect(said).toContain('customs.items.0.hsCode: An HS tariff number of 6 to 10 digits');
    expect(said).toContain('customs.items.0.countryOfOrigin: A two-letter country code');
    const none = await shop({ customs: customs({ items: [] }) });
    expect(none.status).toBe(412);
    expect(messages(none)).toContain('customs.items: Declare at least one item');
  });

  it('with a complete one: rated, bought, and the PDF holds the label then the CN22', async () => {
    const res = await shopAndBuy(customs(), { reference: 'INTL-1' });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({ status: 'bought', reference: 'INTL-1', shipTo: { countryCode: 'GB' } });
    const pdf = await PDFDocument.load(await documentOf(res.body.id));
    expect(pdf.getPageCount()).toBe(2);
  });

  it('CN22 for a small light parcel, CN23 above 300 SDR (ZPL: the form follows the label)', async () => {
    const small = await shopAndBuy(customs(), { format: 'zpl' });
    expect(small.status, JSON.stringify(small.meta)).toBe(200);
    const smallZpl = new TextDecoder().decode(await documentOf(small.body.id));
    expect(smallZpl.match(/\^XA/g)!.length).toBe(2);
    expect(smallZpl).toContain('CUSTOMS DECLARATION CN 22');
    // 2 × USD 250 = USD 500 > 300 SDR (≈ USD 399): CN23.
    const big = await shopAndBuy(customs({ items: [item({ unitValue: 250 })] }), { format: 'zpl' });
    expect(big.status, JSON.stringify(big.meta)).toBe(200);
    const bigZpl = new TextDecoder().decode(await documentOf(big.body.id));
    expect(bigZpl).toContain('CUSTOMS DECLARATION CN 23');
    expect(bigZpl.indexOf('CUSTOMS DECLARATION')).toBeGreaterThan(bigZpl.indexOf('^XZ'));
  });

  it('over USD 2,500 under one HS number: refused without "AES / ITN" and its ITN, bought with them', async () => {
    const valuable = [item({ description: 'Espresso machine', hsCode: '8516.71', unitValue: 1400, quantity: 2 })];
    const noEei = await shop({ customs: customs({ items: valuable }) });
    expect(noEei.status).toBe(412);
    expect(messages(noEei)).toContain(
      'customs.exportFiling: Goods under HS 851671 are worth USD 2800.00, over USD 2500: file the EEI in AES',
    );
    const noItn = await shop({ customs: customs({ items: valuable, exportFiling: 'AES / ITN' }) });
    expect(noItn.status).toBe(412);
    expect(messages(noItn)).toContain('customs.itn: AES / ITN needs the ITN AES returned');
    const filed = await shopAndBuy(customs({ items: valuable, exportFiling: 'AES / ITN', itn: 'X20261127123456' }));
    expect(filed.status, JSON.stringify(filed.meta)).toBe(200);
    const [row] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, filed.body.id));
    expect(row.status).toBe('bought');
  });

  it('a domestic label needs no declaration', async () => {
    const domestic = { ...london, city: 'Springfield', state: 'IL', postalCode: '62701', countryCode: 'US' };
    const rated = await s.post(`${L}/list/rates`, { shipFrom: from, shipTo: domestic, parcels }, admin);
    expect(rated.status, JSON.stringify(rated.meta)).toBe(200);
    const res = await s.post(
      `${L}/purchase`,
      { shipFrom: from, shipTo: domestic, parcels, requestKey: key(), rateId: rated.body.rates[0].rateId },
      admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect((await PDFDocument.load(await documentOf(res.body.id))).getPageCount()).toBe(1);
  });
});
