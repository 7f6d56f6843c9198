/** Location and LPN labels for a set of codes: one PDF (a page per label), printed or downloaded. */
import {
  DEFAULT_LOCATION_DESIGN,
  locationLabelFromDesign,
  type LocationDesign,
} from '../../../domain/schemas/label-designs';

/** Labels of these codes under a design (size, arrow, how a code reads as a hierarchy). */
export async function locationLabelsPdf(
  codes: string[],
  design: LocationDesign = DEFAULT_LOCATION_DESIGN,
): Promise<Uint8Array> {
  const { renderLabelBatch } = await import('../../../printing/index');
  const rendered = await renderLabelBatch({
    template: 'location',
    format: 'pdf',
    size: design.size,
    items: codes.map((code) => locationLabelFromDesign(code, design)),
  });
  return rendered.data as Uint8Array;
}

export async function lpnLabelsPdf(codes: string[], description?: string): Promise<Uint8Array> {
  const { renderLabelBatch } = await import('../../../printing/index');
  const rendered = await renderLabelBatch({
    template: 'lpn',
    format: 'pdf',
    items: codes.map((lpn) => ({ lpn, description })),
  });
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
  const [{ makePrinter }, { usePrinterSettings }] = await Promise.all([
    import('../printing/printer'),
    import('../printing/printer-settings'),
  ]);
  return (await makePrinter(usePrinterSettings.getState().settings)).printDocument(kind, {
    format: 'pdf',
    data: pdf,
    copies: 1,
  });
}
