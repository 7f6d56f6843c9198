/** Location and LPN labels for a set of codes: one PDF (a page per label), printed or downloaded. */
import type { LocationLabelData } from '../../../domain/schemas/labels';

/** "A-01-3-2" → aisle A, rack 01, level 3, bin 2 (the human-readable hierarchy under the barcode). */
export function locationLabelData(code: string): LocationLabelData {
  const parts = code.split(/[-./]/);
  if (parts.length < 2 || parts.length > 4) return { code };
  const [aisle, rack, level, bin] = parts;
  return { code, aisle, rack, level, bin };
}

export async function locationLabelsPdf(codes: string[]): Promise<Uint8Array> {
  const { renderLabelBatch } = await import('../../../printing/index');
  const rendered = await renderLabelBatch({ template: 'location', format: 'pdf', items: codes.map(locationLabelData) });
  return rendered.data as Uint8Array;
}

export async function lpnLabelsPdf(codes: string[], description?: string): Promise<Uint8Array> {
  const { renderLabelBatch } = await import('../../../printing/index');
  const rendered = await renderLabelBatch({ template: 'lpn', format: 'pdf', items: codes.map((lpn) => ({ lpn, description })) });
  return rendered.data as Uint8Array;
}

/** Print a label PDF on the kind's printer (QZ Tray or the browser dialog), or download it. */
export async function deliverLabels(kind: 'location' | 'lpn', pdf: Uint8Array, download: string | null) {
  if (download) {
    const url = URL.createObjectURL(new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }));
    Object.assign(document.createElement('a'), { href: url, download }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return null;
  }
  const [{ makePrinter }, { usePrinterSettings }] = await Promise.all([import('../printing/printer'), import('../printing/printer-settings')]);
  return (await makePrinter(usePrinterSettings.getState().settings)).printDocument(kind, { format: 'pdf', data: pdf, copies: 1 });
}
