/**
 * The package label of a dock scan (printed in the same pass as the scan): the package's code,
 * the client's account number and name, the receive batch and the day.
 */
import type { PrinterSettings } from '../../../../domain/schemas/labels';
import type { PrintResult } from '../../../../printing/index';
import { makePrinter } from '../../printing/printer';

export interface PackageLabelInput {
  code: string;
  accountNo: string;
  companyName: string;
  receiveBatchId: string;
}

export const packageLabelData = (p: PackageLabelInput, now = new Date()) => ({
  packageCode: p.code.trim().toUpperCase(),
  accountNumber: p.accountNo,
  company: p.companyName,
  // The receive batch's short id: what the desk searches by when a package goes astray.
  batchName: `Dock ${p.receiveBatchId.slice(0, 8).toUpperCase()}`,
  date: now.toISOString().slice(0, 10),
});

/** Whether auto-print can print without a dialog: it needs a package printer through QZ Tray. */
export async function autoPrintReady(settings: PrinterSettings): Promise<boolean> {
  return settings.autoPrint && (await makePrinter(settings)).transportFor('package') === 'qz';
}

export async function printPackageLabel(p: PackageLabelInput, settings: PrinterSettings): Promise<PrintResult> {
  const printer = await makePrinter(settings);
  return printer.printLabel({ template: 'package', data: packageLabelData(p) });
}
