/**
 * Location label: the human-readable hierarchy ("Aisle A › Rack 03 › Level 2 › Bin 4"), the
 * location code in large type and its Code 128, with an optional arrow pointing at the slot
 * (rack labels sit above or below the bin they name).
 */
import type { LocationLabelData } from '../../domain/schemas/labels.js';
import type { Label, LabelElement } from '../model.js';
import type { LabelGeometry } from '../sizes.js';
import { fitLines } from '../text.js';
import { barcode, contentArea, lineHeight, text } from './layout.js';

/** "Zone X › Aisle A › Rack 03 › Level 2 › Bin 4", skipping levels that are not set. */
export function locationHierarchy(d: LocationLabelData): string {
  const parts: Array<[string, string | undefined]> = [
    ['Zone', d.zone],
    ['Aisle', d.aisle],
    ['Rack', d.rack],
    ['Level', d.level],
    ['Bin', d.bin],
  ];
  return parts
    .filter((p): p is [string, string] => !!p[1])
    .map(([name, value]) => `${name} ${value}`)
    .join(' \u203A ');
}

export function locationLabel(data: LocationLabelData, g: LabelGeometry): Label {
  const a = contentArea(g);
  const elements: LabelElement[] = [];
  let x = a.x;
  if (data.arrow) {
    const size = Math.min(a.height, a.width * 0.22);
    elements.push({ kind: 'arrow', x: a.x, y: a.y + (a.height - size) / 2, size, direction: data.arrow });
    x += size + 0.08;
  }
  const width = a.right - x;
  const hierPt = Math.min(14, 6 * g.height + 2);
  const codePt = Math.min(36, 10 * g.height + 4);
  let y = a.y;
  const hierarchy = locationHierarchy(data);
  if (hierarchy) {
    // Two lines on tall labels so the whole path is readable; one on the small ones.
    const maxLines = g.height >= 2 ? 2 : 1;
    elements.push(text(hierarchy, { x, y, width, sizePt: hierPt, weight: 'bold', maxLines }));
    y += lineHeight(hierPt) * fitLines(hierarchy, width, hierPt, 'bold', maxLines).length;
  }
  elements.push(text(data.code, { x, y, width, sizePt: codePt, weight: 'bold' }));
  y += lineHeight(codePt) + 0.02;
  elements.push(barcode('code128', data.code, { x, y, width, height: a.bottom - y }, 'left'));
  return { width: g.width, height: g.height, elements };
}
