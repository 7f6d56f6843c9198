/**
 * The page's printer: the label settings of this user and device over QZ Tray when it runs on
 * this computer, else the browser's print dialog (printing/index.ts decides per label kind).
 * qz-tray is loaded only when a page prints or looks for printers.
 */
import type { PrinterSettings } from '../../../domain/schemas/labels';
import type { Printer, QzBridge } from '../../../printing/index';
import { qzCertificateSchema, qzSignatureSchema } from '../../../domain/schemas/printer-admin';
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

/** A Printer for these settings; uses QZ Tray only if it is already connected (no waiting to print). */
export async function makePrinter(settings: PrinterSettings): Promise<Printer> {
  const { Printer: PrinterClass } = await import('../../../printing/index');
  const qz = bridge ? await bridge : null;
  return new PrinterClass(settings, { qz: qz?.isConnected() ? qz : undefined });
}
