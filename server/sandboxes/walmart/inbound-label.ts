/**
 * WFS receiving labels (createInboundShipmentLabelV2): not a carrier label — the label every box or
 * pallet carries so the fulfilment centre knows which inbound order and shipment it receives. Ship
 * from (the seller's return address) and ship to (the centre), the inbound order id, the shipment id
 * large and as Code 128, and either the load ("BOX 2 OF 5 · MIXED SKUS", "PALLET 1 OF 2") or, on
 * the blank label, Walmart's FILL OUT and CIRCLE ONE sections to complete by hand. 4×6 or 4×3⅓ in,
 * drawn with Dockside's label model and renderers (real PDF, real ZPL).
 */
import type { WfsReturnAddress } from '../../integrations/walmart/inbound-models.js';
import type { Label, LabelElement } from '../../../printing/model.js';
import { renderPdf } from '../../../printing/pdf.js';
import { LABEL_GEOMETRY, type LabelGeometry } from '../../../printing/sizes.js';
import { barcode, contentArea, lineHeight, nOfN, text } from '../../../printing/templates/layout.js';
import { renderZpl } from '../../../printing/zpl.js';

export const RECEIVING_LABEL_SIZES: Record<string, LabelGeometry> = {
  '4x6': LABEL_GEOMETRY['4x6'],
  '4x3.33': { width: 4, height: 10 / 3, safe: 0.1 },
};

export interface ReceivingLabel {
  shipmentId: string;
  inboundOrderId: string;
  from: Partial<WfsReturnAddress>;
  to: { fcName?: string; addressLine1?: string; city?: string; stateCode?: string; postalCode?: string };
  /** SINGLE SKU, MIXED SKUS or PALLET with its number; absent on the blank label. */
  load?: { loadType: string; n: number; of: number };
}

const BARCODE_MAX_IN = 2.4;

export function receivingLabel(l: ReceivingLabel, g: LabelGeometry): Label {
  const a = contentArea(g);
  const els: LabelElement[] = [];
  const half = a.width / 2;
  let y = a.y;
  els.push(text('WFS RECEIVING LABEL', { x: a.x, y, width: a.width * 0.65, sizePt: 12, weight: 'bold' }));
  els.push(
    text('NOT A CARRIER LABEL', {
      x: a.x + a.width * 0.65,
      y: y + 0.04,
      width: a.width * 0.35,
      sizePt: 7,
      align: 'right',
    }),
  );
  y += lineHeight(12) + 0.03;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.02 });
  y += 0.05;
  els.push(text('FROM:', { x: a.x, y, width: half, sizePt: 6, weight: 'bold' }));
  els.push(text('SHIP TO:', { x: a.x + half, y, width: half, sizePt: 6, weight: 'bold' }));
  y += lineHeight(6);
  const from = [
    l.from.addressLine1,
    l.from.addressLine2,
    l.from.city ? `${l.from.city}, ${l.from.stateCode ?? ''} ${l.from.postalCode ?? ''}` : undefined,
  ].filter((s): s is string => !!s);
  from.forEach((line, i) => els.push(text(line, { x: a.x, y: y + i * lineHeight(7), width: half - 0.05, sizePt: 7 })));
  els.push(text(`WFS ${l.to.fcName ?? ''}`, { x: a.x + half, y, width: half, sizePt: 10, weight: 'bold' }));
  [l.to.addressLine1 ?? '', `${l.to.city ?? ''}, ${l.to.stateCode ?? ''} ${l.to.postalCode ?? ''}`].forEach((line, i) =>
    els.push(text(line, { x: a.x + half, y: y + lineHeight(10) + i * lineHeight(7), width: half, sizePt: 7 })),
  );
  y += lineHeight(10) + 2 * lineHeight(7) + 0.04;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.02 });
  y += 0.05;
  els.push(text(`INBOUND ORDER: ${l.inboundOrderId}`, { x: a.x, y, width: a.width, sizePt: 8 }));
  y += lineHeight(8);
  els.push(text('SHIPMENT ID', { x: a.x, y, width: a.width, sizePt: 7, weight: 'bold' }));
  y += lineHeight(7);
  els.push(text(l.shipmentId, { x: a.x, y, width: a.width, sizePt: 18, weight: 'bold' }));
  y += lineHeight(18) + 0.03;
  const footer = l.load ? lineHeight(16) + lineHeight(9) : lineHeight(11) + lineHeight(8) + 0.05;
  const barH = Math.min(BARCODE_MAX_IN, a.bottom - footer - y - 0.08);
  els.push(barcode('code128', l.shipmentId, { x: a.x, y, width: a.width, height: barH }));
  y += barH + 0.08;
  if (l.load) {
    const unit = l.load.loadType === 'PALLET' ? 'PALLET' : 'BOX';
    els.push(text(`${unit} ${nOfN(l.load.n, l.load.of)}`, { x: a.x, y, width: a.width, sizePt: 16, weight: 'bold' }));
    y += lineHeight(16);
    if (unit === 'BOX') els.push(text(l.load.loadType, { x: a.x, y, width: a.width, sizePt: 9 }));
  } else {
    els.push(text('FILL OUT:  BOX ______ OF ______', { x: a.x, y, width: a.width, sizePt: 11, weight: 'bold' }));
    y += lineHeight(11) + 0.05;
    els.push(
      text('CIRCLE ONE:   SINGLE SKU    MIXED SKUS    PALLET', {
        x: a.x,
        y,
        width: a.width,
        sizePt: 8,
        weight: 'bold',
      }),
    );
  }
  return { width: g.width, height: g.height, elements: els };
}

/** Labels for each load type in turn, numbered within it; one blank label when none is given. */
export function receivingLabels(
  base: Omit<ReceivingLabel, 'load'>,
  loads: { loadType: string; count: number }[],
  g: LabelGeometry,
): Label[] {
  if (!loads.length) return [receivingLabel(base, g)];
  return loads.flatMap(({ loadType, count }) =>
    Array.from({ length: count }, (_, i) => receivingLabel({ ...base, load: { loadType, n: i + 1, of: count } }, g)),
  );
}

export const receivingLabelsPdf = (labels: Label[], g: LabelGeometry, shipmentId: string) =>
  renderPdf(labels, g, { title: `WFS receiving labels ${shipmentId}` });
export const receivingLabelsZpl = (labels: Label[]) => labels.map((l) => renderZpl(l, { dpi: 203 })).join('');
