/**
 * Package label (inbound package received for a client): account number and company on top,
 * batch name and date, then the tracking / package code as Code 128 with its text.
 */
import type { PackageLabelData } from '../../domain/schemas/labels.js';
import type { Label } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { barcode, contentArea, lineHeight, text } from './layout.js';

export function packageLabel(data: PackageLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const k = g.height / 3; // designed on 4×3; 4×6 gets larger type and a taller barcode
  const accountPt = 22 * Math.min(k, 1.4);
  const companyPt = 14 * Math.min(k, 1.4);
  const bodyPt = 11 * Math.min(k, 1.4);
  const codePt = 12 * Math.min(k, 1.4);
  let y = a.y;
  const account = text(`#${data.accountNumber}`, { x: a.x, y, width: a.width, sizePt: accountPt, weight: 'bold' });
  y += lineHeight(accountPt);
  const company = text(data.company, { x: a.x, y, width: a.width, sizePt: companyPt, weight: 'bold' });
  y += lineHeight(companyPt) + 0.04;
  const rule = { kind: 'line', x: a.x, y, length: a.width, orientation: 'horizontal', thickness: 0.02 } as const;
  y += 0.08;
  const batch = text(data.batchName, { x: a.x, y, width: a.width * 0.7, sizePt: bodyPt, maxLines: 2 });
  const date = text(data.date, { x: a.x + a.width * 0.7, y, width: a.width * 0.3, sizePt: bodyPt, align: 'right' });
  y += 2 * lineHeight(bodyPt) + 0.08;
  const barH = a.bottom - lineHeight(codePt) - 0.02 - y;
  return {
    width: g.width,
    height: g.height,
    elements: [
      account,
      company,
      rule,
      batch,
      date,
      barcode('code128', data.packageCode, { x: a.x, y, width: a.width, height: barH }),
      text(data.packageCode, {
        x: a.x,
        y: y + barH + 0.02,
        width: a.width,
        sizePt: codePt,
        weight: 'bold',
        align: 'center',
      }),
    ],
  };
}
