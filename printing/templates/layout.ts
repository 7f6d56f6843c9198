/** Small builders the templates share, so each template reads as a list of rows. */
import type { LabelGeometry } from '../sizes.js';
import {
  LINE_SPACING,
  type BarcodeElement,
  type FontWeight,
  type Symbology,
  type TextAlign,
  type TextElement,
} from '../model.js';

/** Height of one text line at `sizePt`, inches. */
export const lineHeight = (sizePt: number): number => (sizePt / 72) * LINE_SPACING;

export interface TextOptions {
  x: number;
  y: number;
  width: number;
  sizePt: number;
  weight?: FontWeight;
  align?: TextAlign;
  maxLines?: number;
}

export const text = (value: string, o: TextOptions): TextElement => ({
  kind: 'text',
  text: value,
  x: o.x,
  y: o.y,
  width: o.width,
  sizePt: o.sizePt,
  weight: o.weight ?? 'normal',
  align: o.align ?? 'left',
  maxLines: o.maxLines ?? 1,
});

export const barcode = (
  symbology: Symbology,
  value: string,
  box: { x: number; y: number; width: number; height: number },
  align: TextAlign = 'center',
): BarcodeElement => ({ kind: 'barcode', symbology, value, ...box, align });

/** Content area inside the safe inset. */
export const contentArea = (
  g: LabelGeometry,
): { x: number; y: number; width: number; height: number; bottom: number; right: number } => ({
  x: g.safe,
  y: g.safe,
  width: g.width - 2 * g.safe,
  height: g.height - 2 * g.safe,
  right: g.width - g.safe,
  bottom: g.height - g.safe,
});

/** "3 of 12" style counters used on box and pallet labels. */
export const nOfN = (n: number, of: number): string => `${n} OF ${of}`;
