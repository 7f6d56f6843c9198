/**
 * Printer façade: given the printer settings for each label kind, render a label in the
 * printer's language and send it over the right transport (the kind's `transport`).
 *
 *  - `auto` (the default): printer named + QZ Tray available → ZPL (raw, thermal) or PDF (pixel,
 *    desk printer) via QZ; 30-up sheets always go as PDF; no printer named, or no QZ bridge on
 *    this device → PDF through the browser print dialog;
 *  - `qz`: QZ Tray only; `browser`: the print dialog only;
 *  - `usb`: ZPL to the Zebra paired with this browser over WebUSB (printing/webusb.ts);
 *  - `network`: ZPL to one of the tenant's network printers, sent by the server to its raw port.
 * If a transport is chosen and fails (QZ not running, printer missing, unplugged, unreachable) the
 * result is a failure with its message — we do not silently divert the job to another printer.
 * `printLabels` prints many labels as one job: one ZPL stream, or one PDF (one print dialog).
 */
import {
  isSheetSize,
  printerKindSettingsSchema,
  TEMPLATE_KIND,
  templateSizes,
  type LabelKind,
  type LabelRenderRequestInput,
  type LabelSizeId,
  type PrinterKindSettings,
  type PrinterSettings,
} from '../domain/schemas/labels.js';
import { printPdfInBrowser } from './browser-print.js';
import { repeatPdf } from './pdf.js';
import type { QzBridge } from './qz.js';
import { LabelValidationError, parseLabelRequest, renderLabel, renderLabelBatch, type FieldError } from './render.js';
import { buildLabel } from './templates/index.js';
import { renderZpl } from './zpl.js';

export type { PrinterKindSettings, PrinterSettings } from '../domain/schemas/labels.js';
export { renderLabel, renderLabelBatch, LabelValidationError, type RenderedLabel } from './render.js';
export { createQzBridge, QzError, type QzBridge, type QzSigner } from './qz.js';
export {
  browserUsb,
  describeUsbPrinter,
  pairUsbPrinter,
  pairedUsbPrinter,
  printZplOverUsb,
  UsbPrintError,
  type UsbLike,
} from './webusb.js';

export type PrintTransport = 'qz' | 'usb' | 'network' | 'browser';

export type PrintResult =
  | {
      ok: true;
      transport: 'qz' | 'usb' | 'network';
      printer: string;
      format: 'zpl' | 'pdf';
      copies: number;
      /** Labels in the job (printLabels), 1 for one label. */
      labels?: number;
      status: 'sent';
    }
  | { ok: true; transport: 'browser'; format: 'pdf'; copies: number; labels?: number; status: 'dialog-opened' }
  | { ok: false; transport: PrintTransport; error: string; fields?: FieldError[] };

export interface PrinterTransports {
  qz?: QzBridge;
  /** Browser print fallback; injectable for tests. */
  browserPrint?: (pdf: Uint8Array) => Promise<unknown>;
  /** ZPL to the USB printer paired with this browser (WebUSB); answers the printer's name. */
  usb?: (zpl: string) => Promise<{ printer: string }>;
  /** ZPL to one of the tenant's network printers, sent by the server; answers the printer's name. */
  network?: (printerId: number, zpl: string) => Promise<{ printer: string }>;
}

/** Many labels of one template in one job. */
export interface PrintLabelsInput {
  template: LabelRenderRequestInput['template'];
  items: unknown[];
  /** Copies of each label. */
  copies?: number;
  size?: LabelSizeId;
}

/** What to print: a template and its data; format, size and dpi come from the settings. */
export interface PrintLabelInput {
  template: LabelRenderRequestInput['template'];
  data: unknown;
  copies?: number;
  /** Overrides the configured size (must be one the template supports). */
  size?: LabelSizeId;
}

/** A document made elsewhere (carrier shipping labels). */
export interface PrintDocumentInput {
  format: 'zpl' | 'pdf';
  data: string | Uint8Array;
  copies?: number;
}

/** Base64 without Node's Buffer, so this runs in the browser. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class Printer {
  constructor(
    private readonly settings: PrinterSettings,
    private readonly transports: PrinterTransports = {},
  ) {}

  /** Whether labels of this kind should print without asking (scan-and-print flows). */
  get autoPrint(): boolean {
    return this.settings.autoPrint;
  }

  settingsFor(kind: LabelKind): PrinterKindSettings {
    return this.settings.kinds[kind] ?? printerKindSettingsSchema.parse({});
  }

  /** Which transport a kind would use right now. */
  transportFor(kind: LabelKind): PrintTransport {
    const s = this.settingsFor(kind);
    if (s.transport !== 'auto') return s.transport;
    return s.printerName && this.transports.qz ? 'qz' : 'browser';
  }

  /** Labels of this kind print with no dialog and no tap: QZ Tray, a USB or a network printer ready. */
  printsByItself(kind: LabelKind): boolean {
    const s = this.settingsFor(kind);
    switch (this.transportFor(kind)) {
      case 'qz':
        return !!s.printerName && !!this.transports.qz;
      case 'usb':
        return !!this.transports.usb;
      case 'network':
        return !!this.transports.network && s.networkPrinterId !== null;
      case 'browser':
        return false;
    }
  }

  /** Whether a job of this kind goes as ZPL (a thermal printer) rather than PDF. */
  private speaksZpl(kind: LabelKind, size: LabelSizeId | undefined): boolean {
    const transport = this.transportFor(kind);
    if (size && isSheetSize(size)) return false;
    if (transport === 'usb' || transport === 'network') return true;
    return transport === 'qz' && this.settingsFor(kind).language === 'zpl';
  }

  /** A configured size the template is not laid out for (e.g. a 4×6 printer used for LPNs) is ignored. */
  private sizeFor(template: PrintLabelInput['template'], asked: LabelSizeId | undefined): LabelSizeId | undefined {
    const s = this.settingsFor(TEMPLATE_KIND[template]);
    return asked ?? (s.size && templateSizes(template).includes(s.size) ? s.size : undefined);
  }

  async printLabel(input: PrintLabelInput): Promise<PrintResult> {
    const kind = TEMPLATE_KIND[input.template];
    const s = this.settingsFor(kind);
    const transport = this.transportFor(kind);
    const size = this.sizeFor(input.template, input.size);
    const copies = input.copies ?? s.copies;
    const zpl = this.speaksZpl(kind, size);
    const request = {
      template: input.template,
      data: input.data,
      size,
      dpi: s.dpi,
      copies,
      format: zpl ? 'zpl' : 'pdf',
    };
    try {
      if (zpl) {
        const req = parseLabelRequest(request);
        // Copies ride in ^PQ (the printer repeats the format), so the job is sent once.
        const body = renderZpl(buildLabel(req), { dpi: req.dpi, copies: req.copies, darkness: s.darkness });
        return { ...(await this.sendZpl(kind, body, `${input.template} label`)), copies };
      }
      // PDF pages already include every copy.
      const pdf = (await renderLabel(request)).data as Uint8Array;
      return await this.sendPdf(kind, pdf, copies, 1);
    } catch (error) {
      if (error instanceof LabelValidationError)
        return { ok: false, transport, error: error.message, fields: error.fields };
      return { ok: false, transport, error: errorText(error) };
    }
  }

  /**
   * Many labels of one template as one job: one ZPL stream to a thermal printer, or one PDF (a
   * page per label) — one print dialog for all of them where the dialog is the way.
   */
  async printLabels(input: PrintLabelsInput): Promise<PrintResult> {
    const kind = TEMPLATE_KIND[input.template];
    const s = this.settingsFor(kind);
    const transport = this.transportFor(kind);
    const size = this.sizeFor(input.template, input.size);
    const copies = input.copies ?? s.copies;
    const labels = input.items.length;
    try {
      if (this.speaksZpl(kind, size)) {
        const body = input.items
          .map((data) => {
            const req = parseLabelRequest({ template: input.template, data, size, dpi: s.dpi, copies, format: 'zpl' });
            return renderZpl(buildLabel(req), { dpi: req.dpi, copies: req.copies, darkness: s.darkness });
          })
          .join('');
        return { ...(await this.sendZpl(kind, body, `${labels} ${input.template} labels`)), copies, labels };
      }
      const pdf = (
        await renderLabelBatch({
          template: input.template,
          format: 'pdf',
          size,
          dpi: s.dpi,
          copies,
          items: input.items,
        })
      ).data as Uint8Array;
      const sent = await this.sendPdf(kind, pdf, copies, 1);
      return sent.ok ? { ...sent, labels } : sent;
    } catch (error) {
      if (error instanceof LabelValidationError)
        return { ok: false, transport, error: error.message, fields: error.fields };
      return { ok: false, transport, error: errorText(error) };
    }
  }

  /** ZPL to the kind's thermal printer: QZ Tray, the USB printer, or the network printer (through the server). */
  private async sendZpl(
    kind: LabelKind,
    body: string,
    jobName: string,
  ): Promise<Extract<PrintResult, { status: 'sent' }>> {
    const s = this.settingsFor(kind);
    const base = { ok: true as const, format: 'zpl' as const, copies: 1, status: 'sent' as const };
    switch (this.transportFor(kind)) {
      case 'usb': {
        if (!this.transports.usb) throw new Error('This browser cannot reach USB printers: use Chrome or Edge');
        const { printer } = await this.transports.usb(body);
        return { ...base, transport: 'usb', printer };
      }
      case 'network': {
        if (s.networkPrinterId === null) throw new Error('Choose the network printer in the printer settings');
        if (!this.transports.network) throw new Error('Network printing is not available on this device');
        const { printer } = await this.transports.network(s.networkPrinterId, body);
        return { ...base, transport: 'network', printer };
      }
      default: {
        const printer = this.qzPrinter(kind);
        await this.transports.qz?.printRaw(printer, body, { copies: 1, jobName });
        return { ...base, transport: 'qz', printer };
      }
    }
  }

  /** The QZ printer of a kind, or why QZ cannot print it. */
  private qzPrinter(kind: LabelKind): string {
    const s = this.settingsFor(kind);
    if (!this.transports.qz)
      throw new Error('QZ Tray is not running on this computer: start it, or choose another way to print');
    if (!s.printerName) throw new Error('Name the printer QZ Tray prints to in the printer settings');
    return s.printerName;
  }

  /** Print a ready-made document (e.g. a carrier's shipping label) on a kind's printer. */
  async printDocument(kind: LabelKind, doc: PrintDocumentInput): Promise<PrintResult> {
    const s = this.settingsFor(kind);
    const transport = this.transportFor(kind);
    const copies = doc.copies ?? s.copies;
    try {
      if (doc.format === 'zpl') {
        if (transport === 'browser')
          return { ok: false, transport, error: 'ZPL needs a thermal printer: QZ Tray, USB or a network printer' };
        const text = typeof doc.data === 'string' ? doc.data : new TextDecoder().decode(doc.data);
        if (transport === 'qz') {
          const printer = this.qzPrinter(kind);
          await this.transports.qz?.printRaw(printer, text, { copies, jobName: `${kind} label` });
          return { ok: true, transport: 'qz', printer, format: 'zpl', copies, status: 'sent' };
        }
        const once = await this.sendZpl(kind, text.repeat(copies), `${kind} label`);
        return { ...once, copies };
      }
      const pdf = typeof doc.data === 'string' ? Uint8Array.from(atob(doc.data), (c) => c.charCodeAt(0)) : doc.data;
      return await this.sendPdf(kind, pdf, copies, copies);
    } catch (error) {
      return { ok: false, transport, error: errorText(error) };
    }
  }

  /** `transportCopies`: how many times QZ should print the document (1 when pages already repeat). */
  private async sendPdf(
    kind: LabelKind,
    pdf: Uint8Array,
    copies: number,
    transportCopies: number,
  ): Promise<PrintResult> {
    const transport = this.transportFor(kind);
    if (transport === 'usb' || transport === 'network')
      throw new Error(
        'A USB or network label printer prints ZPL labels, not PDF sheets: choose the print dialog for sheets',
      );
    if (transport === 'qz') {
      const printer = this.qzPrinter(kind);
      await this.transports.qz?.printPdf(printer, toBase64(pdf), { copies: transportCopies, jobName: `${kind} label` });
      return { ok: true, transport: 'qz', printer, format: 'pdf', copies, status: 'sent' };
    }
    // The browser dialog prints what it is given, so copies become repeated pages.
    const pages = transportCopies > 1 ? await repeatPdf(pdf, transportCopies) : pdf;
    await (this.transports.browserPrint ?? printPdfInBrowser)(pages);
    return { ok: true, transport: 'browser', format: 'pdf', copies, status: 'dialog-opened' };
  }
}
