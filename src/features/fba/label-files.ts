/**
 * The plan's documents (box and pallet labels, Amazon's bill of lading) fetched with the bearer
 * token — a plain link would go without it — as a file the browser saves or opens, and labels
 * printed on the box or pallet printer: Dockside's 4×6 ZPL through QZ Tray when that printer
 * speaks ZPL, else the PDF (QZ Tray or the browser's print dialog), as other screens print.
 */
import type { LabelKind } from '../../../domain/schemas/labels';
import type { PrintResult } from '../../../printing/index';
import { api } from '../../api/client';
import { useSession } from '../../app/session';
import { planPath } from './api';

export interface PlanFile {
  bytes: Uint8Array;
  type: string;
  filename: string;
}

export type LabelSource = 'amazon' | 'dockside';
export interface LabelRequest {
  shipmentId: string;
  kind: 'box' | 'pallet';
  source: LabelSource;
  format: 'pdf' | 'zpl';
}

const filenameOf = (disposition: string | null, fallback: string): string =>
  disposition?.match(/filename="?([^";]+)"?/)?.[1] ?? fallback;

export async function fetchFile(path: string, query: Record<string, string>, fallback: string): Promise<PlanFile> {
  // A refusal (412: no labels before transport, no BOL without LTL) is said by the caller beside the button.
  const res = await api<Response>('GET', path, { query, raw: true, quiet: true, inlineRefusal: true });
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? 'application/octet-stream',
    filename: filenameOf(res.headers.get('content-disposition'), fallback),
  };
}

export const fetchLabels = (planId: number, r: LabelRequest) =>
  fetchFile(
    `${planPath(planId)}/labels`,
    { shipmentId: r.shipmentId, kind: r.kind, source: r.source, format: r.format },
    `${r.kind}-labels-${r.shipmentId}.${r.format}`,
  );

export const fetchBillOfLading = (planId: number, shipmentId: string) =>
  fetchFile(
    `${planPath(planId)}/shipments/${encodeURIComponent(shipmentId)}/bill-of-lading`,
    {},
    `bill-of-lading-${shipmentId}.pdf`,
  );

/** Saves the file under its name (the browser's download). */
export function saveFile(file: PlanFile): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(file.bytes)], { type: file.type }));
  Object.assign(document.createElement('a'), { href: url, download: file.filename }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Labels on the kind's printer: ZPL when it is a ZPL printer reached through QZ Tray, else the PDF. */
export async function printLabels(planId: number, shipmentId: string, kind: 'box' | 'pallet'): Promise<PrintResult> {
  return printOnLabelPrinter(kind, (zpl) =>
    fetchLabels(planId, {
      shipmentId,
      kind,
      // Amazon's labels come only as PDF; Dockside's 4×6 carry the same FBA box id and print as ZPL.
      source: zpl ? 'dockside' : 'amazon',
      format: zpl ? 'zpl' : 'pdf',
    }),
  );
}

/**
 * A document of labels on the kind's printer: `fetch(true)` must give ZPL (asked when the printer
 * is a ZPL printer reached through QZ Tray), `fetch(false)` a PDF. Shared by FBA and WFS.
 */
export async function printOnLabelPrinter(
  kind: LabelKind,
  fetch: (zpl: boolean) => Promise<PlanFile>,
): Promise<PrintResult> {
  const [{ connectQz, makePrinter }, { usePrinterSettings }] = await Promise.all([
    import('../printing/printer'),
    import('../printing/printer-settings'),
  ]);
  // The user's label printers on this device (loaded here when no screen has loaded them yet).
  const state = usePrinterSettings.getState();
  const user = useSession.getState().user;
  const settings = user && state.userId !== user.id ? await state.load(user.id) : state.settings;
  const configured = settings.kinds[kind];
  if (configured?.printerName) await connectQz();
  const printer = await makePrinter(settings);
  const zpl = printer.transportFor(kind) === 'qz' && configured?.language === 'zpl';
  const file = await fetch(zpl);
  // Label n goes on box n: one copy of each, in the order the server gives them.
  return printer.printDocument(kind, { format: zpl ? 'zpl' : 'pdf', data: file.bytes, copies: 1 });
}
