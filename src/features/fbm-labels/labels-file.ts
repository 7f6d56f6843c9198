/**
 * The merged labels of a bulk run: downloaded as one file, or sent to the shipping-label printer
 * (ZPL labels raw through QZ Tray; PDF labels to the printer or the browser's print dialog).
 */
import type { LabelFormat } from '../../../domain/schemas/shipping-labels';
import type { PrintResult } from '../../../printing/index';
import { fetchFile, saveFile } from '../fba/label-files';
import { useSession } from '../../app/session';

export const mergedLabelsFile = (runId: number) =>
  fetchFile('/api/fbm/web/bulk/merged/labels/download', { runId: String(runId) }, `labels-${runId}.pdf`);

export async function downloadMerged(runId: number) {
  saveFile(await mergedLabelsFile(runId));
}

export async function printMerged(runId: number, format: LabelFormat): Promise<PrintResult> {
  const [{ connectQz, makePrinter }, { usePrinterSettings }] = await Promise.all([
    import('../printing/printer'),
    import('../printing/printer-settings'),
  ]);
  const state = usePrinterSettings.getState();
  const user = useSession.getState().user;
  const settings = user && state.userId !== user.id ? await state.load(user.id) : state.settings;
  if (settings.kinds.shipping?.printerName) await connectQz();
  const printer = await makePrinter(settings);
  const file = await mergedLabelsFile(runId);
  return printer.printDocument('shipping', { format, data: file.bytes, copies: 1 });
}
