/**
 * Printing without a tap (issue 38 defect 8), on the device: a Zebra on the device's USB over
 * WebUSB, against a fake `navigator.usb` that records the bytes each transfer carries — the exact
 * ZPL arrives at the printer's bulk OUT endpoint, after the device is opened, configured and its
 * printer interface claimed, in parts for a long batch; an unpaired printer, a stalled transfer and
 * a browser without WebUSB are refused in words. The printer façade sends item labels over USB or
 * to a network printer (through the server) with no dialog, prints many labels as one job (one
 * ZPL stream, or one PDF for one print dialog), and the bench's queue of labels waiting for the
 * dialog goes per box or per N units.
 */
import { describe, expect, it } from 'vitest';
import { printerSettingsSchema, type PrinterSettings } from '../../domain/schemas/labels.js';
import { Printer } from '../../printing/index.js';
import {
  pairUsbPrinter,
  pairedUsbPrinter,
  printZplOverUsb,
  UsbPrintError,
  ZEBRA_VENDOR_ID,
  type UsbDeviceLike,
  type UsbLike,
} from '../../printing/webusb.js';
import { LabelQueue, type WaitingLabel } from '../../src/features/bench/label-queue.js';

/** A fake Zebra ZD421 on USB: interface 0 is the printer class with bulk OUT 1 and bulk IN 2. */
function fakeZebra(opts: { stall?: boolean; configured?: boolean } = {}) {
  const log: string[] = [];
  const sent: { endpoint: number; bytes: Uint8Array }[] = [];
  const iface = {
    interfaceNumber: 0,
    claimed: false,
    alternate: {
      interfaceClass: 7,
      endpoints: [
        { endpointNumber: 2, direction: 'in' as const, type: 'bulk' as const },
        { endpointNumber: 1, direction: 'out' as const, type: 'bulk' as const },
      ],
    },
  };
  const configuration = { configurationValue: 1, interfaces: [iface] };
  const device: UsbDeviceLike = {
    vendorId: ZEBRA_VENDOR_ID,
    productId: 0x0185,
    manufacturerName: 'Zebra Technologies',
    productName: 'ZTC ZD421-203dpi ZPL',
    opened: false,
    configuration: opts.configured ? configuration : null,
    configurations: [configuration],
    async open() {
      log.push('open');
      device.opened = true;
    },
    async selectConfiguration(value) {
      log.push(`configuration ${value}`);
      device.configuration = configuration;
    },
    async claimInterface(n) {
      log.push(`claim ${n}`);
      iface.claimed = true;
    },
    async transferOut(endpoint, data) {
      const bytes = new Uint8Array(data instanceof ArrayBuffer ? data : (data as Uint8Array).slice().buffer);
      sent.push({ endpoint, bytes });
      return opts.stall ? { status: 'stall', bytesWritten: 0 } : { status: 'ok', bytesWritten: bytes.length };
    },
  };
  const received = () => new TextDecoder().decode(Buffer.concat(sent.map((s) => s.bytes)));
  return { device, log, sent, received };
}

function fakeUsb(devices: UsbDeviceLike[], chooser: UsbDeviceLike | null = devices[0] ?? null) {
  const asked: unknown[] = [];
  const usb: UsbLike = {
    getDevices: async () => devices,
    requestDevice: async (options) => {
      asked.push(options);
      if (!chooser) throw Object.assign(new Error('No device selected.'), { name: 'NotFoundError' });
      devices.push(chooser);
      return chooser;
    },
  };
  return { usb, asked };
}

const ZPL = '^XA^FO20,20^BCN,80,Y,N,N^FDX00TEST0001^FS^XZ';
const settings = (item: Record<string, unknown>, more: Partial<PrinterSettings> = {}): PrinterSettings =>
  printerSettingsSchema.parse({ kinds: { item }, ...more });
const FNSKU = (fnsku: string) => ({ fnsku, title: `Unit ${fnsku}`, condition: 'New' });

describe('a Zebra on this device’s USB (WebUSB)', () => {
  it('sends the exact ZPL bytes to the bulk OUT endpoint, after opening, configuring and claiming the printer', async () => {
    const zebra = fakeZebra();
    const { usb } = fakeUsb([zebra.device]);
    const result = await printZplOverUsb(ZPL, usb);
    expect(result).toEqual({ printer: 'Zebra Technologies ZTC ZD421-203dpi ZPL', bytes: ZPL.length });
    expect(zebra.log).toEqual(['open', 'configuration 1', 'claim 0']);
    expect(zebra.sent.map((s) => s.endpoint)).toEqual([1]);
    expect(zebra.received()).toBe(ZPL);
    // A second job reuses the open, claimed device.
    await printZplOverUsb(ZPL, usb);
    expect(zebra.log).toEqual(['open', 'configuration 1', 'claim 0']);
    expect(zebra.received()).toBe(ZPL + ZPL);
  });

  it('sends a long batch in parts, every byte in order', async () => {
    const zebra = fakeZebra({ configured: true });
    const { usb } = fakeUsb([zebra.device]);
    const batch = Array.from({ length: 900 }, (_, i) => ZPL.replace('0001', String(i).padStart(4, '0'))).join('');
    await printZplOverUsb(batch, usb);
    expect(zebra.sent.length).toBeGreaterThan(1);
    expect(zebra.sent.every((s) => s.bytes.length <= 16 * 1024)).toBe(true);
    expect(zebra.received()).toBe(batch);
  });

  it('pairs a printer once through the browser’s chooser (Zebra’s vendor id, or any printer-class device)', async () => {
    const zebra = fakeZebra();
    const { usb, asked } = fakeUsb([], zebra.device);
    expect(await pairedUsbPrinter(usb)).toBeNull();
    await pairUsbPrinter(usb);
    expect(asked).toEqual([{ filters: [{ vendorId: ZEBRA_VENDOR_ID }, { classCode: 7 }] }]);
    expect(await pairedUsbPrinter(usb)).toBe(zebra.device);
  });

  it('refuses in words: no printer paired, nothing chosen, a stalled transfer, no WebUSB in the browser', async () => {
    await expect(printZplOverUsb(ZPL, fakeUsb([]).usb)).rejects.toThrow(/No USB printer is paired with this browser/);
    await expect(pairUsbPrinter(fakeUsb([], null).usb)).rejects.toThrow('No printer was chosen');
    const stalled = fakeZebra({ stall: true });
    await expect(printZplOverUsb(ZPL, fakeUsb([stalled.device]).usb)).rejects.toThrow(
      /ZD421-203dpi ZPL did not take the label \(stall\)/,
    );
    await expect(printZplOverUsb(ZPL, null)).rejects.toBeInstanceOf(UsbPrintError);
    await expect(printZplOverUsb(ZPL, null)).rejects.toThrow(/use Chrome or Edge/);
  });
});

describe('the printer façade: labels that print by themselves', () => {
  it('an item label over USB: ZPL, no dialog, the printer named', async () => {
    const zebra = fakeZebra();
    const { usb } = fakeUsb([zebra.device]);
    let dialogs = 0;
    const printer = new Printer(settings({ transport: 'usb' }), {
      usb: (zpl) => printZplOverUsb(zpl, usb),
      browserPrint: async () => void dialogs++,
    });
    expect(printer.transportFor('item')).toBe('usb');
    expect(printer.printsByItself('item')).toBe(true);
    const result = await printer.printLabel({ template: 'fnsku', data: FNSKU('X00USB0001'), copies: 2 });
    expect(result).toMatchObject({ ok: true, transport: 'usb', format: 'zpl', copies: 2, status: 'sent' });
    const zpl = zebra.received();
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl).toContain('X00USB0001');
    expect(zpl).toContain('^PQ2');
    expect(dialogs).toBe(0);
  });

  it('an item label to a network printer: the ZPL goes to the server with the chosen printer', async () => {
    const sent: { printerId: number; zpl: string }[] = [];
    const printer = new Printer(settings({ transport: 'network', networkPrinterId: 7 }), {
      network: async (printerId, zpl) => {
        sent.push({ printerId, zpl });
        return { printer: 'Bench 1 Zebra' };
      },
    });
    expect(printer.printsByItself('item')).toBe(true);
    expect(await printer.printLabel({ template: 'fnsku', data: FNSKU('X00NET0001') })).toMatchObject({
      ok: true,
      transport: 'network',
      printer: 'Bench 1 Zebra',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0].printerId).toBe(7);
    expect(sent[0].zpl).toContain('X00NET0001');
    // A network transport without a printer chosen is refused by the settings' own schema.
    expect(() => settings({ transport: 'network' })).toThrow(/choose the network printer/);
  });

  it('many labels as one job: one ZPL stream over USB, or one PDF and one print dialog', async () => {
    const zebra = fakeZebra();
    const { usb } = fakeUsb([zebra.device]);
    const byUsb = new Printer(settings({ transport: 'usb' }), { usb: (zpl) => printZplOverUsb(zpl, usb) });
    const items = ['X00BOX0001', 'X00BOX0002', 'X00BOX0003'].map(FNSKU);
    expect(await byUsb.printLabels({ template: 'fnsku', items })).toMatchObject({ ok: true, labels: 3 });
    expect(zebra.sent).toHaveLength(1);
    expect(zebra.received().match(/\^XA/g)).toHaveLength(3);

    const dialogs: Uint8Array[] = [];
    const byDialog = new Printer(settings({}), { browserPrint: async (pdf) => void dialogs.push(pdf) });
    expect(byDialog.printsByItself('item')).toBe(false);
    expect(await byDialog.printLabels({ template: 'fnsku', items })).toMatchObject({
      ok: true,
      transport: 'browser',
      labels: 3,
      status: 'dialog-opened',
    });
    expect(dialogs).toHaveLength(1);
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(dialogs[0])).getPageCount()).toBe(3);
  });

  it('a transport chosen but not there fails in words, never diverted to another printer', async () => {
    let dialogs = 0;
    const browserPrint = async () => void dialogs++;
    const noUsb = new Printer(settings({ transport: 'usb' }), { browserPrint });
    expect(noUsb.printsByItself('item')).toBe(false);
    expect(await noUsb.printLabel({ template: 'fnsku', data: FNSKU('X00USB0002') })).toMatchObject({
      ok: false,
      transport: 'usb',
      error: expect.stringMatching(/cannot reach USB printers/),
    });
    const noQz = new Printer(settings({ transport: 'qz', printerName: 'Zebra' }), { browserPrint });
    expect(await noQz.printLabel({ template: 'fnsku', data: FNSKU('X00QZ00001') })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/QZ Tray is not running/),
    });
    expect(dialogs).toBe(0);
  });
});

describe('the bench’s labels waiting for one print dialog', () => {
  const label = (scanId: string, boxId: string, lineId: number): WaitingLabel => ({
    scanId,
    boxId,
    line: { id: lineId, fnsku: `X00LINE00${lineId}`, title: 'T', labelOwner: 'SELLER', expiration: null },
  });

  it('per box: they wait until the box’s are taken; units taken out of the box drop theirs', () => {
    const q = new LabelQueue('box', 10);
    expect(q.add(label('s1', 'b1', 1))).toBe(false);
    expect(q.add(label('s2', 'b1', 2))).toBe(false);
    expect(q.add(label('s3', 'b2', 1))).toBe(false);
    expect(q.add(label('s4', 'b1', 1))).toBe(false);
    q.drop('b1', 1, 1);
    expect(q.sizeOf('b1')).toBe(2);
    expect(q.take('b1').map((l) => l.scanId)).toEqual(['s1', 's2']);
    expect(q.size).toBe(1);
    // A failed print puts them back first in line.
    q.putBack([label('s1', 'b1', 1)]);
    expect(q.take().map((l) => l.scanId)).toEqual(['s1', 's3']);
    expect(q.size).toBe(0);
  });

  it('per N units: the Nth label makes the batch due', () => {
    const q = new LabelQueue('units', 3);
    expect([1, 2, 3].map((n) => q.add(label(`s${n}`, n === 3 ? 'b2' : 'b1', 1)))).toEqual([false, false, true]);
    expect(q.take()).toHaveLength(3);
  });
});
