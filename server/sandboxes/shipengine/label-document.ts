/**
 * The carrier label a sandbox label downloads as: 4×6, the carrier and service on top, ship-from,
 * ship-to in large type, weight and date, a 2D code and the tracking barcode — drawn with the
 * same label model and renderers Dockside prints its own labels with (real PDF, real ZPL).
 */
import type { Label, LabelElement } from '../../../printing/model.js';
import { renderPdf } from '../../../printing/pdf.js';
import { LABEL_GEOMETRY } from '../../../printing/sizes.js';
import { barcode, contentArea, lineHeight, text } from '../../../printing/templates/layout.js';
import { renderZpl } from '../../../printing/zpl.js';
import type { ShipEngineAddress } from '../../integrations/shipengine/models.js';

export interface LabelContent {
  carrier: string;
  service: string;
  trackingNumber: string;
  shipFrom: ShipEngineAddress;
  shipTo: ShipEngineAddress;
  weightLb: number;
  shipDate: string;
}

const G = LABEL_GEOMETRY['4x6'];

const lines = (a: ShipEngineAddress) =>
  [
    a.name,
    a.company_name,
    a.address_line1,
    a.address_line2,
    `${a.city_locality} ${a.state_province} ${a.postal_code}`,
    a.country_code !== 'US' ? a.country_code : null,
  ].filter((l): l is string => !!l);

export function carrierLabel(c: LabelContent): Label {
  const a = contentArea(G);
  const els: LabelElement[] = [];
  let y = a.y;
  els.push(text(c.carrier.toUpperCase(), { x: a.x, y, width: a.width * 0.6, sizePt: 22, weight: 'bold' }));
  els.push(text(c.shipDate, { x: a.x + a.width * 0.6, y, width: a.width * 0.4, sizePt: 10, align: 'right' }));
  y += lineHeight(22);
  els.push(text(c.service, { x: a.x, y, width: a.width, sizePt: 12, weight: 'bold' }));
  y += lineHeight(12) + 0.05;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.02 });
  y += 0.08;
  for (const l of lines(c.shipFrom)) {
    els.push(text(l, { x: a.x, y, width: a.width * 0.62, sizePt: 8 }));
    y += lineHeight(8);
  }
  els.push(
    text(`${c.weightLb.toFixed(1)} LB`, {
      x: a.x + a.width * 0.62,
      y: a.y + lineHeight(22) + lineHeight(12) + 0.13,
      width: a.width * 0.38,
      sizePt: 12,
      weight: 'bold',
      align: 'right',
    }),
  );
  y += 0.12;
  els.push(text('SHIP TO:', { x: a.x, y, width: a.width, sizePt: 9, weight: 'bold' }));
  y += lineHeight(9);
  for (const l of lines(c.shipTo)) {
    els.push(text(l, { x: a.x + 0.2, y, width: a.width - 0.2, sizePt: 13, weight: 'bold' }));
    y += lineHeight(13);
  }
  y += 0.1;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.04 });
  y += 0.1;
  els.push(
    barcode(
      'qrcode',
      `${c.carrier}|${c.trackingNumber}|${c.shipTo.postal_code}`,
      { x: a.x, y, width: 1.2, height: 1.2 },
      'left',
    ),
  );
  els.push(
    text(`ZIP ${c.shipTo.postal_code}`, { x: a.x + 1.4, y: y + 0.3, width: a.width - 1.4, sizePt: 16, weight: 'bold' }),
  );
  y += 1.3;
  els.push({ kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.04 });
  y += 0.1;
  els.push(text('TRACKING #', { x: a.x, y, width: a.width, sizePt: 9, weight: 'bold', align: 'center' }));
  y += lineHeight(9);
  const barH = a.bottom - y - lineHeight(12) - 0.05;
  els.push(barcode('code128', c.trackingNumber, { x: a.x, y, width: a.width, height: barH }));
  els.push(
    text(c.trackingNumber, { x: a.x, y: y + barH + 0.03, width: a.width, sizePt: 12, weight: 'bold', align: 'center' }),
  );
  return { width: G.width, height: G.height, elements: els };
}

export const labelPdf = (c: LabelContent) => renderPdf([carrierLabel(c)], G, { title: `Label ${c.trackingNumber}` });
export const labelZpl = (c: LabelContent) => renderZpl(carrierLabel(c), { dpi: 203 });
