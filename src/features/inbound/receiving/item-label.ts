/** The FNSKU label of a counted item, printed in the same pass as its scan (labels issue). */
import type { PrinterSettings } from '../../../../domain/schemas/labels';
import type { PrintResult } from '../../../../printing/index';
import { makePrinter } from '../../printing/printer';

export interface LabelledItem {
  fnsku: string | null;
  title: string;
}

/** Only items with an FNSKU get an item label; the rest are labelled by the client's own barcode. */
export const canLabel = (item: LabelledItem | null | undefined): item is LabelledItem & { fnsku: string } =>
  !!item?.fnsku && /^[A-Z0-9]{10}$/i.test(item.fnsku);

export async function printItemLabel(
  item: LabelledItem & { fnsku: string },
  settings: PrinterSettings,
  copies?: number,
): Promise<PrintResult> {
  const printer = await makePrinter(settings);
  return printer.printLabel({
    template: 'fnsku',
    data: { fnsku: item.fnsku.toUpperCase(), title: item.title, condition: 'New' },
    copies,
  });
}

export async function itemAutoPrintReady(settings: PrinterSettings): Promise<boolean> {
  return settings.autoPrint && (await makePrinter(settings)).transportFor('item') === 'qz';
}
