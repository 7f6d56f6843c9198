/**
 * The FNSKU label of a unit packed at the bench, printed in the same pass as its scan when the
 * warehouse labels the plan's units (labelOwner SELLER). Through QZ Tray when the item printer is
 * set up, else as a PDF through the browser's print dialog — which only a tap opens, since a
 * dialog per scan would take the scanner's focus away from the bench.
 */
import type { BenchLineRow } from '../../../domain/schemas/bench';
import type { PrinterSettings } from '../../../domain/schemas/labels';
import type { PrintResult } from '../../../printing/index';
import { makePrinter } from '../printing/printer';

type Labelled = Pick<BenchLineRow, 'fnsku' | 'title' | 'labelOwner' | 'expiration'>;

/** The bench prints the label: the warehouse labels the line and it has an FNSKU to print. */
export const benchLabels = (line: Labelled | null | undefined): line is Labelled & { fnsku: string } =>
  !!line && line.labelOwner === 'SELLER' && !!line.fnsku && /^[A-Z0-9]{10}$/i.test(line.fnsku);

export async function printBenchLabel(
  line: Labelled & { fnsku: string },
  settings: PrinterSettings,
): Promise<PrintResult> {
  const expiry = line.expiration?.slice(0, 10);
  const printer = await makePrinter(settings);
  return printer.printLabel({
    template: 'fnsku',
    data: {
      fnsku: line.fnsku.toUpperCase(),
      title: line.title,
      condition: 'New',
      ...(expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? { expiry } : {}),
    },
  });
}

/** Labels print by themselves only through QZ Tray (no dialog). */
export async function benchPrintsByItself(settings: PrinterSettings): Promise<boolean> {
  return (await makePrinter(settings)).transportFor('item') === 'qz';
}
