/**
 * Physical geometry of every label size id. All model coordinates are inches, origin top-left,
 * y down; renderers convert to dots (ZPL), points (PDF/SVG).
 */
import type { LabelSizeId } from '../domain/schemas/labels.js';

export const MM_PER_IN = 25.4;
export const PT_PER_IN = 72;

export const mm = (millimetres: number): number => millimetres / MM_PER_IN;
export const pt = (points: number): number => points / PT_PER_IN;
/** Inches → printer dots. Rounded so ^PW/^LL and every field agree on the same integer grid. */
export const dots = (inches: number, dpi: number): number => Math.round(inches * dpi);

export interface SheetGeometry {
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** Left edge of the first column and top edge of the first row. */
  marginLeft: number;
  marginTop: number;
  /** Distance from one label's left/top edge to the next one's. */
  pitchX: number;
  pitchY: number;
}

export interface LabelGeometry {
  /** One label's size (for sheets: one cell). */
  width: number;
  height: number;
  /** Inset from the label edge that content respects (larger on sheets: laser printers cannot print to the edge). */
  safe: number;
  sheet?: SheetGeometry;
}

/**
 * 30-up sheets:
 * - US Letter = Avery 5160/8160: 8.5×11 in, 3 columns × 10 rows of 2.625×1 in,
 *   left margin 0.1875 in, top margin 0.5 in, column pitch 2.75 in (0.125 in gutter), row pitch 1 in.
 * - A4 = the common 3×10 "70×29.7 mm" sheet: 210×297 mm, 3 × 10 cells of 70×29.7 mm, edge to edge
 *   (no margins, no gutters). Content keeps a 3 mm inset because most printers cannot print to the edge.
 */
export const LABEL_GEOMETRY: Record<LabelSizeId, LabelGeometry> = {
  '2.25x1.25': { width: 2.25, height: 1.25, safe: 0.06 },
  '2x1': { width: 2, height: 1, safe: 0.05 },
  '4x6': { width: 4, height: 6, safe: 0.1 },
  '4x3': { width: 4, height: 3, safe: 0.1 },
  '30up-letter': {
    width: 2.625,
    height: 1,
    safe: 0.1,
    sheet: {
      pageWidth: 8.5,
      pageHeight: 11,
      columns: 3,
      rows: 10,
      marginLeft: 0.1875,
      marginTop: 0.5,
      pitchX: 2.75,
      pitchY: 1,
    },
  },
  '30up-a4': {
    width: mm(70),
    height: mm(29.7),
    safe: mm(3),
    sheet: {
      pageWidth: mm(210),
      pageHeight: mm(297),
      columns: 3,
      rows: 10,
      marginLeft: 0,
      marginTop: 0,
      pitchX: mm(70),
      pitchY: mm(29.7),
    },
  },
};

export const labelsPerSheet = (sheet: SheetGeometry): number => sheet.columns * sheet.rows;
