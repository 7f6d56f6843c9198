/**
 * The FNSKU labels of units packed at the bench, printed in the same pass as their scans when the
 * warehouse labels the plan's units (labelOwner SELLER). With a printer that needs no dialog —
 * QZ Tray, a Zebra on this device's USB (WebUSB), or a network printer the server reaches — each
 * scan's label prints by itself, no tap. Otherwise the labels wait and go to the browser's print
 * dialog together: once per box (when CLOSE BOX is scanned or the box is closed, or by the
 * packer's tap) or once every N units — never a dialog and a tap per unit, which would also take
 * the scanner's focus away from the bench on every scan.
 */
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { MAX_COPIES, type PrinterSettings } from '../../../domain/schemas/labels';
import type { PrintResult } from '../../../printing/index';
import { makePrinter } from '../printing/printer';

type Labelled = Pick<BenchLineRow, 'fnsku' | 'title' | 'labelOwner' | 'expiration'>;
export type LabelledLine = Labelled & { fnsku: string };

/** The bench prints the label: the warehouse labels the line and it has an FNSKU to print. */
export const benchLabels = (line: Labelled | null | undefined): line is LabelledLine =>
  !!line && line.labelOwner === 'SELLER' && !!line.fnsku && /^[A-Z0-9]{10}$/i.test(line.fnsku);

const labelData = (line: LabelledLine) => {
  const expiry = line.expiration?.slice(0, 10);
  return {
    fnsku: line.fnsku.toUpperCase(),
    title: line.title,
    condition: 'New',
    ...(expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? { expiry } : {}),
  };
};

/** One scan's labels: a label per unit the scan counted (a typed count, a case), each in the kind's copies. */
export async function printBenchLabel(line: LabelledLine, settings: PrinterSettings, units = 1): Promise<PrintResult> {
  const printer = await makePrinter(settings);
  return printer.printLabel({
    template: 'fnsku',
    data: labelData(line),
    copies: Math.min(MAX_COPIES, units * printer.settingsFor('item').copies),
  });
}

/** Many units' labels as one job: one ZPL stream, or one PDF for one print dialog. */
export async function printBenchLabels(lines: LabelledLine[], settings: PrinterSettings): Promise<PrintResult> {
  const printer = await makePrinter(settings);
  return printer.printLabels({ template: 'fnsku', items: lines.map(labelData) });
}

/** Labels print by themselves (no dialog, no tap): QZ Tray, a USB or a network printer. */
export async function benchPrintsByItself(settings: PrinterSettings): Promise<boolean> {
  return (await makePrinter(settings)).printsByItself('item');
}
