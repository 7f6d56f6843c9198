/**
 * Printer façade: given the printer settings for each label kind, render a label in the
 * printer's language and send it over the right transport.
 *
 *  - printer named + QZ Tray available → ZPL (raw, thermal) or PDF (pixel, desk printer) via QZ;
 *    30-up sheets always go as PDF;
 *  - no printer named, or no QZ bridge on this device → PDF through the browser print dialog.
 * If a printer is named and QZ fails (not running, printer missing, driver error) the result is
 * a failure with QZ's message — we do not silently divert the job to another printer.
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
import { LabelValidationError, parseLabelRequest, renderLabel, type FieldError } from './render.js';
import { buildLabel } from './templates/index.js';
import { renderZpl } from './zpl.js';

export type { PrinterKindSettings, PrinterSettings } from '../domain/schemas/labels.js';
export { renderLabel, renderLabelBatch, LabelValidationError, type RenderedLabel } from './render.js';
export { createQzBridge, QzError, type QzBridge, type QzSigner } from './qz.js';

export type PrintTransport = 'qz' | 'browser';

export type PrintResult =
  | { ok: true; transport: 'qz'; printer: string; format: 'zpl' | 'pdf'; copies: number; status: 'sent' }
  | { ok: true; transport: 'browser'; format: 'pdf'; copies: number; status: 'dialog-opened' }
  | { ok: false; transport: PrintTransport; error: string; fields?: FieldError[] };

export interface PrinterTransports {
  qz?: QzBridge;
  /** Browser print fallback; injectable for tests. */
  browserPrint?: (pdf: Uint8Array) => Promise<unknown>;
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
    return this.settingsFor(kind).printerName && this.transports.qz ? 'qz' : 'browser';
  }

  async printLabel(input: PrintLabelInput): Promise<PrintResult> {
    const kind = TEMPLATE_KIND[input.template];
    const s = this.settingsFor(kind);
    const transport = this.transportFor(kind);
    // A configured size the template is not laid out for (e.g. a 4×6 printer used for LPNs) is ignored.
    const configured = s.size && templateSizes(input.template).includes(s.size) ? s.size : undefined;
    const size = input.size ?? configured;
    const copies = input.copies ?? s.copies;
    const zpl = transport === 'qz' && s.language === 'zpl' && !(size && isSheetSize(size));
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
        const printer = s.printerName as string;
        // Copies ride in ^PQ (the printer repeats the format), so QZ sends the job once.
        const body = renderZpl(buildLabel(req), { dpi: req.dpi, copies: req.copies, darkness: s.darkness });
        await this.transports.qz?.printRaw(printer, body, { copies: 1, jobName: `${input.template} label` });
        return { ok: true, transport: 'qz', printer, format: 'zpl', copies, status: 'sent' };
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

  /** Print a ready-made document (e.g. a carrier's shipping label) on a kind's printer. */
  async printDocument(kind: LabelKind, doc: PrintDocumentInput): Promise<PrintResult> {
    const s = this.settingsFor(kind);
    const transport = this.transportFor(kind);
    const copies = doc.copies ?? s.copies;
    try {
      if (doc.format === 'zpl') {
        if (transport !== 'qz') return { ok: false, transport, error: 'ZPL needs a printer connected through QZ Tray' };
        const printer = s.printerName as string;
        const text = typeof doc.data === 'string' ? doc.data : new TextDecoder().decode(doc.data);
        await this.transports.qz?.printRaw(printer, text, { copies, jobName: `${kind} label` });
        return { ok: true, transport: 'qz', printer, format: 'zpl', copies, status: 'sent' };
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
    const s = this.settingsFor(kind);
    if (this.transportFor(kind) === 'qz') {
      const printer = s.printerName as string;
      await this.transports.qz?.printPdf(printer, toBase64(pdf), { copies: transportCopies, jobName: `${kind} label` });
      return { ok: true, transport: 'qz', printer, format: 'pdf', copies, status: 'sent' };
    }
    // The browser dialog prints what it is given, so copies become repeated pages.
    const pages = transportCopies > 1 ? await repeatPdf(pdf, transportCopies) : pdf;
    await (this.transports.browserPrint ?? printPdfInBrowser)(pages);
    return { ok: true, transport: 'browser', format: 'pdf', copies, status: 'dialog-opened' };
  }
}
