/**
 * The page's printer: the label settings of this user and device over QZ Tray when it runs on
 * this computer, a USB Zebra (WebUSB) or a network printer the server reaches, else the browser's
 * print dialog (printing/index.ts decides per label kind).
 * qz-tray is loaded only when a page prints or looks for printers.
 */
import type { PrinterSettings } from '../../../domain/schemas/labels';
import type { Printer, QzBridge } from '../../../printing/index';
import {
  networkPrintResultSchema,
  qzCertificateSchema,
  qzSignatureSchema,
} from '../../../domain/schemas/printer-admin';
import { getAs, postAs } from '../../api/typed';

let bridge: Promise<QzBridge> | null = null;

async function qzBridge(): Promise<QzBridge> {
  bridge ??= import('../../../printing/index').then(({ createQzBridge }) =>
    createQzBridge({
      certificate: async () =>
        (await getAs('/api/printer/qz/certificate', qzCertificateSchema, { quiet: true, background: true }))
          .certificate,
      sign: async (toSign) =>
        (
          await postAs('/api/printer/qz/sign', { request: toSign }, qzSignatureSchema, {
            quiet: true,
            background: true,
          })
        ).signature,
    }),
  );
  return bridge;
}

/** Connects to QZ Tray; null (with the reason) when it is not running or refuses us. */
export async function connectQz(): Promise<{ qz: QzBridge | null; error: string | null }> {
  try {
    const qz = await qzBridge();
    await qz.connect();
    return { qz, error: null };
  } catch (err) {
    return { qz: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** ZPL to one of the tenant's network printers: the server sends it on the warehouse's network. */
export async function printOnNetwork(printerId: number, zpl: string): Promise<{ printer: string }> {
  return postAs('/api/printer/network/print', { printerId, zpl }, networkPrintResultSchema, {
    quiet: true,
    background: true,
  });
}

/**
 * A Printer for these settings; uses QZ Tray only if it is already connected (no waiting to
 * print), the USB printer paired with this browser (WebUSB, where the browser has it), and the
 * tenant's network printers through the server.
 */
export async function makePrinter(settings: PrinterSettings): Promise<Printer> {
  const { Printer: PrinterClass, browserUsb, printZplOverUsb } = await import('../../../printing/index');
  const qz = bridge ? await bridge : null;
  const usb = browserUsb();
  return new PrinterClass(settings, {
    qz: qz?.isConnected() ? qz : undefined,
    usb: usb ? (zpl) => printZplOverUsb(zpl, usb) : undefined,
    network: printOnNetwork,
  });
}
