/**
 * The QZ Tray bridge against a fake QZ Tray (WebSocket server on 127.0.0.1 speaking QZ's JSON
 * protocol): the certificate handshake and signed calls go through the injected signer, the
 * exact ZPL/PDF bytes and copies arrive at the printer, and QZ/printer errors reach the caller
 * as rejections carrying QZ's message (never a false "sent").
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { printerSettingsSchema } from '../../domain/schemas/labels.js';
import { Printer } from '../../printing/index.js';
import { createQzBridge, QzError, type QzBridge, type QzSigner } from '../../printing/qz.js';
import { renderLabel } from '../../printing/render.js';
import { SAMPLE_DATA } from './fixtures.js';
import { NOT_FOUND, startFakeQz, type FakeQz } from './helpers/fake-qz.js';

const SECRET = 'test-signing-key';
const CERT = '-----BEGIN CERTIFICATE-----\nFAKE-DOCKSIDE-CERT\n-----END CERTIFICATE-----';
const hmac = (s: string): string => createHmac('sha512', SECRET).update(s).digest('base64');

let fake: FakeQz;
let bridge: QzBridge;
const signed: string[] = [];
const signer: QzSigner = {
  certificate: async () => CERT,
  sign: async (toSign) => {
    signed.push(toSign);
    return hmac(toSign);
  },
};

beforeAll(async () => {
  fake = await startFakeQz({
    printers: ['Zebra ZD421', 'HP LaserJet 4th Floor', 'Zebra Jammed'],
    failing: { 'Zebra Jammed': 'Printer is out of paper' },
    verify: (toSign, signature) => signature === hmac(toSign),
  });
  // Node 20 has no global WebSocket; the bridge takes ws's constructor instead.
  bridge = createQzBridge(signer, {
    host: '127.0.0.1',
    port: fake.port,
    secure: false,
    keepAlive: 0,
    webSocket: WebSocket,
  });
});

afterEach(() => {
  fake.jobs.length = 0;
});

afterAll(async () => {
  await bridge.disconnect();
  await fake.close();
});

describe('QZ Tray bridge', () => {
  it('connects with the certificate and signs every call', async () => {
    await bridge.connect();
    expect(bridge.isConnected()).toBe(true);
    expect(fake.certificates).toEqual([CERT]);
    expect(await bridge.listPrinters()).toEqual(['Zebra ZD421', 'HP LaserJet 4th Floor', 'Zebra Jammed']);
    expect(fake.calls).toContain('getVersion');
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.every((s) => /^[0-9a-f]{64}$/.test(s))).toBe(true); // QZ signs a SHA-256 hex digest
  });

  it('connect() twice reuses the open connection', async () => {
    await bridge.connect();
    await bridge.connect();
    expect(fake.certificates).toHaveLength(1);
  });

  it('finds a printer by name and rejects with QZ’s message when none matches', async () => {
    expect(await bridge.findPrinter('Zebra ZD421')).toBe('Zebra ZD421');
    await expect(bridge.findPrinter('Brother QL')).rejects.toThrow(NOT_FOUND);
    await expect(bridge.findPrinter('Brother QL')).rejects.toBeInstanceOf(QzError);
  });

  it('sends the exact ZPL as a raw command job with the requested copies', async () => {
    const zpl = (await renderLabel({ template: 'fnsku', format: 'zpl', data: SAMPLE_DATA.fnsku })).data as string;
    await bridge.printRaw('Zebra ZD421', zpl, { copies: 2 });
    expect(fake.jobs).toHaveLength(1);
    const [job] = fake.jobs;
    expect(job.printer).toBe('Zebra ZD421');
    expect(job.options.copies).toBe(2);
    expect(job.data).toEqual([{ type: 'raw', format: 'command', flavor: 'plain', data: zpl }]);
  });

  it('sends a PDF as base64 pixel job with copies', async () => {
    const pdf = (await renderLabel({ template: 'box', format: 'pdf', data: SAMPLE_DATA.box })).data as Uint8Array;
    const base64 = Buffer.from(pdf).toString('base64');
    await bridge.printPdf('HP LaserJet 4th Floor', base64, { copies: 3 });
    const [job] = fake.jobs;
    expect(job.options.copies).toBe(3);
    expect(job.data[0]).toMatchObject({ type: 'pixel', format: 'pdf', flavor: 'base64' });
    expect(Buffer.from(job.data[0].data, 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it('a missing printer rejects the print with QZ’s message and records no job', async () => {
    await expect(bridge.printRaw('Nope 9000', '^XA^XZ')).rejects.toThrow(NOT_FOUND);
    expect(fake.jobs).toHaveLength(0);
  });

  it('a printer/driver error rejects with that error', async () => {
    await expect(bridge.printRaw('Zebra Jammed', '^XA^XZ')).rejects.toThrow('Printer is out of paper');
  });

  it('a bad signature is refused by QZ and surfaces as an error', async () => {
    const original = signer.sign;
    signer.sign = async () => 'forged';
    try {
      await expect(bridge.printRaw('Zebra ZD421', '^XA^XZ')).rejects.toThrow('Invalid signature');
      expect(fake.jobs).toHaveLength(0);
    } finally {
      signer.sign = original;
    }
  });
});

describe('Printer façade over QZ', () => {
  const settings = printerSettingsSchema.parse({
    autoPrint: true,
    kinds: {
      item: { printerName: 'Zebra ZD421', dpi: 300, darkness: 20, copies: 1 },
      box: { printerName: 'HP LaserJet 4th Floor', language: 'pdf' },
      lpn: { printerName: 'Nope 9000' },
      location: { printerName: 'Zebra Jammed' },
    },
  });

  it('prints an item label as ZPL at the configured dpi, darkness and copies (^PQ, one QZ copy)', async () => {
    const printer = new Printer(settings, { qz: bridge });
    const result = await printer.printLabel({ template: 'fnsku', data: SAMPLE_DATA.fnsku, copies: 3 });
    expect(result).toEqual({
      ok: true,
      transport: 'qz',
      printer: 'Zebra ZD421',
      format: 'zpl',
      copies: 3,
      status: 'sent',
    });
    const [job] = fake.jobs;
    const expected = (
      await renderLabel({ template: 'fnsku', format: 'zpl', dpi: 300, copies: 3, data: SAMPLE_DATA.fnsku })
    ).data as string;
    expect(job.data[0].data).toBe(`~SD20\n${expected}`);
    expect(job.data[0].data).toContain('^PQ3,0,1,Y');
    expect(job.data[0].data).toContain(`^PW${Math.round(2.25 * 300)}`);
    expect(job.options.copies).toBe(1); // not 3 × 3
  });

  it('prints to a PDF printer as a PDF whose pages carry the copies', async () => {
    const result = await new Printer(settings, { qz: bridge }).printLabel({
      template: 'box',
      data: SAMPLE_DATA.box,
      copies: 2,
    });
    expect(result).toMatchObject({ ok: true, transport: 'qz', format: 'pdf', copies: 2 });
    expect(fake.jobs[0].data[0].format).toBe('pdf');
    expect(fake.jobs[0].options.copies).toBe(1);
  });

  it('returns the printer error instead of success', async () => {
    const printer = new Printer(settings, { qz: bridge });
    expect(await printer.printLabel({ template: 'lpn', data: SAMPLE_DATA.lpn })).toEqual({
      ok: false,
      transport: 'qz',
      error: NOT_FOUND,
    });
    expect(await printer.printLabel({ template: 'location', data: SAMPLE_DATA.location })).toEqual({
      ok: false,
      transport: 'qz',
      error: 'Printer is out of paper',
    });
  });

  it('returns field errors for bad label data without touching the printer', async () => {
    const result = await new Printer(settings, { qz: bridge }).printLabel({
      template: 'fnsku',
      data: { ...SAMPLE_DATA.fnsku, fnsku: 'bad' },
    });
    expect(result).toMatchObject({ ok: false, fields: [{ path: 'data.fnsku' }] });
    expect(fake.jobs).toHaveLength(0);
  });

  it('prints a carrier ZPL shipping label with QZ copies', async () => {
    const s = printerSettingsSchema.parse({ kinds: { shipping: { printerName: 'Zebra ZD421', copies: 2 } } });
    const result = await new Printer(s, { qz: bridge }).printDocument('shipping', {
      format: 'zpl',
      data: '^XA^FO10,10^FDUPS^FS^XZ',
    });
    expect(result).toMatchObject({ ok: true, copies: 2 });
    expect(fake.jobs[0]).toMatchObject({ printer: 'Zebra ZD421', options: { copies: 2 } });
    expect(fake.jobs[0].data[0].data).toBe('^XA^FO10,10^FDUPS^FS^XZ');
  });
});

describe('QZ Tray not running', () => {
  it('rejects connect with QZ’s connection error', async () => {
    const closed = await startFakeQz({ printers: [], verify: () => true });
    const port = closed.port;
    await closed.close();
    await bridge.disconnect();
    const offline = createQzBridge(signer, {
      host: '127.0.0.1',
      port,
      secure: false,
      keepAlive: 0,
      webSocket: WebSocket,
    });
    await expect(offline.connect()).rejects.toThrow(/Unable to establish connection/);
    const printer = new Printer(printerSettingsSchema.parse({ kinds: { item: { printerName: 'Zebra ZD421' } } }), {
      qz: offline,
    });
    expect(await printer.printLabel({ template: 'fnsku', data: SAMPLE_DATA.fnsku })).toMatchObject({
      ok: false,
      transport: 'qz',
    });
  });
});
