/**
 * The device-independent label: what a template produces and every renderer consumes.
 * Coordinates and lengths are inches from the label's top-left corner (use mm() / pt() from
 * sizes.ts to author in other units). Renderers never re-layout: they only convert units, so a
 * preview (SVG), a sheet (PDF) and a thermal label (ZPL) show the same thing.
 */
import type { ArrowDirection } from '../domain/schemas/labels.js';

export type Symbology = 'code128' | 'ean13' | 'upca' | 'qrcode' | 'datamatrix';
export type FontWeight = 'normal' | 'bold';
export type TextAlign = 'left' | 'center' | 'right';

export interface TextElement {
  kind: 'text';
  x: number;
  y: number;
  /** Maximum width; text is wrapped to maxLines and the last line truncated with "...". */
  width: number;
  text: string;
  sizePt: number;
  weight: FontWeight;
  align: TextAlign;
  maxLines: number;
}

export interface BarcodeElement {
  kind: 'barcode';
  symbology: Symbology;
  value: string;
  /** The box the symbol (with its quiet zone) must fit in; the symbol is sized to whole printer dots. */
  x: number;
  y: number;
  width: number;
  height: number;
  align: TextAlign;
}

export interface LineElement {
  kind: 'line';
  x: number;
  y: number;
  length: number;
  orientation: 'horizontal' | 'vertical';
  thickness: number;
}

export interface BoxElement {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  thickness: number;
  /** Filled boxes print as a solid black rectangle (e.g. a header band). */
  fill: boolean;
}

export interface ArrowElement {
  kind: 'arrow';
  /** Top-left of the square the arrow occupies. */
  x: number;
  y: number;
  size: number;
  direction: ArrowDirection;
}

export type LabelElement = TextElement | BarcodeElement | LineElement | BoxElement | ArrowElement;

export interface Label {
  width: number;
  height: number;
  elements: LabelElement[];
}

/** Thrown when content cannot be placed inside the label (e.g. a barcode too long for its box). */
export class LabelLayoutError extends Error {
  override name = 'LabelLayoutError';
}

/** Bounding box of an element, for edge checks in renderers and tests. */
export function elementBounds(el: LabelElement): { x: number; y: number; width: number; height: number } {
  switch (el.kind) {
    case 'text':
      return { x: el.x, y: el.y, width: el.width, height: (el.sizePt / 72) * LINE_SPACING * el.maxLines };
    case 'barcode':
    case 'box':
      return { x: el.x, y: el.y, width: el.width, height: el.height };
    case 'line':
      return el.orientation === 'horizontal'
        ? { x: el.x, y: el.y, width: el.length, height: el.thickness }
        : { x: el.x, y: el.y, width: el.thickness, height: el.length };
    case 'arrow':
      return { x: el.x, y: el.y, width: el.size, height: el.size };
  }
}

/** Line pitch as a multiple of the font size. */
export const LINE_SPACING = 1.2;
