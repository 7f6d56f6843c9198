/** A WFS shipment's labels from Walmart (receiving labels PDF/ZPL, its carrier's PDF), fetched with the bearer token. */
import { fetchFile, printOnLabelPrinter, type PlanFile } from '../fba/label-files';
import { shipmentPath } from './api';

export interface WfsLabelRequest {
  kind: 'receiving' | 'carrier';
  format: 'pdf' | 'zpl';
  shipDate?: string;
}

export const fetchWfsLabels = (planId: number, shipmentId: string, r: WfsLabelRequest): Promise<PlanFile> =>
  fetchFile(
    `${shipmentPath(planId, shipmentId)}/labels`,
    { kind: r.kind, format: r.format, ...(r.shipDate ? { shipDate: r.shipDate } : {}) },
    `${shipmentId}-${r.kind}.${r.format}`,
  );

/** Walmart's receiving labels on the box-label printer: ZPL to a ZPL printer through QZ Tray, else the PDF. */
export const printReceivingLabels = (planId: number, shipmentId: string) =>
  printOnLabelPrinter('box', (zpl) =>
    fetchWfsLabels(planId, shipmentId, { kind: 'receiving', format: zpl ? 'zpl' : 'pdf' }),
  );
