/**
 * PDF renderer (pdf-lib, runs in the browser and in Node). A thermal size gives one page per
 * label, page size = label size; a 30-up sheet size lays the labels into the sheet's cells,
 * 30 to a page, adding pages as needed. Barcodes are vector rectangles from the shared
 * placement — crisp at any printer resolution and no canvas needed.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { arrowPolygon } from './arrow.js';
import { barcodePath, placeBarcode } from './barcode.js';
import type { Label, LabelElement } from './model.js';
import { labelsPerSheet, PT_PER_IN, type LabelGeometry } from './sizes.js';
import { BASELINE } from './svg.js';
import { textLayout } from './text.js';

export interface PdfOptions {
  /** Dot grid barcodes are sized on: the thermal printer's dpi (default 203); sheets use 600 (laser). */
  dpi?: number;
  /** Each label is repeated this many times (consecutive pages or cells). */
  copies?: number;
  title?: string;
}

const BLACK = rgb(0, 0, 0);
const SHEET_DPI = 600;

interface Fonts {
  normal: PDFFont;
  bold: PDFFont;
}

/** Draws one label whose top-left corner is at (ox, oy) inches from the page's top-left. */
function drawLabel(page: PDFPage, fonts: Fonts, label: Label, ox: number, oy: number, dpi: number): void {
  const pageH = page.getHeight();
  const X = (x: number): number => (ox + x) * PT_PER_IN;
  const Y = (y: number): number => pageH - (oy + y) * PT_PER_IN; // PDF y grows upwards
  const svgOrigin = { x: ox * PT_PER_IN, y: pageH - oy * PT_PER_IN, color: BLACK, borderWidth: 0 };
  const rect = (x: number, y: number, w: number, h: number): void =>
    page.drawRectangle({
      x: X(x),
      y: Y(y + h),
      width: w * PT_PER_IN,
      height: h * PT_PER_IN,
      color: BLACK,
      borderWidth: 0,
    });

  const draw = (el: LabelElement): void => {
    switch (el.kind) {
      case 'text': {
        const font = el.weight === 'bold' ? fonts.bold : fonts.normal;
        for (const line of textLayout(el)) {
          page.drawText(line.text, {
            x: X(line.x),
            y: Y(line.y + (el.sizePt / PT_PER_IN) * BASELINE),
            size: el.sizePt,
            font,
            color: BLACK,
          });
        }
        return;
      }
      case 'barcode':
        page.drawSvgPath(barcodePath(placeBarcode(el, dpi), PT_PER_IN), svgOrigin);
        return;
      case 'line':
        return el.orientation === 'horizontal'
          ? rect(el.x, el.y, el.length, el.thickness)
          : rect(el.x, el.y, el.thickness, el.length);
      case 'box':
        if (el.fill) return rect(el.x, el.y, el.width, el.height);
        page.drawRectangle({
          x: X(el.x + el.thickness / 2),
          y: Y(el.y + el.height - el.thickness / 2),
          width: (el.width - el.thickness) * PT_PER_IN,
          height: (el.height - el.thickness) * PT_PER_IN,
          borderColor: BLACK,
          borderWidth: el.thickness * PT_PER_IN,
        });
        return;
      case 'arrow': {
        const d = arrowPolygon(el)
          .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x * PT_PER_IN} ${y * PT_PER_IN}`)
          .join('');
        page.drawSvgPath(`${d}Z`, svgOrigin);
        return;
      }
    }
  };
  for (const el of label.elements) draw(el);
}

/** Render labels (each `copies` times) into one PDF laid out for `geometry`. */
export async function renderPdf(
  labels: readonly Label[],
  geometry: LabelGeometry,
  options: PdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title ?? 'Labels');
  doc.setCreator('Dockside');
  const fonts: Fonts = {
    normal: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const copies = options.copies ?? 1;
  const sheet = geometry.sheet;
  let index = 0;
  let page: PDFPage | undefined;
  for (const label of labels) {
    for (let c = 0; c < copies; c++, index++) {
      if (!sheet) {
        page = doc.addPage([geometry.width * PT_PER_IN, geometry.height * PT_PER_IN]);
        drawLabel(page, fonts, label, 0, 0, options.dpi ?? 203);
        continue;
      }
      const cell = index % labelsPerSheet(sheet);
      if (cell === 0 || !page) page = doc.addPage([sheet.pageWidth * PT_PER_IN, sheet.pageHeight * PT_PER_IN]);
      // Row-major: fill a row left to right, then the next row down.
      const col = cell % sheet.columns;
      const row = Math.floor(cell / sheet.columns);
      drawLabel(
        page,
        fonts,
        label,
        sheet.marginLeft + col * sheet.pitchX,
        sheet.marginTop + row * sheet.pitchY,
        SHEET_DPI,
      );
    }
  }
  return doc.save();
}

/** The document's pages repeated `times` (copies of a ready-made PDF for the browser dialog). */
export async function repeatPdf(pdf: Uint8Array, times: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf);
  const out = await PDFDocument.create();
  const indices = source.getPageIndices();
  for (let i = 0; i < times; i++) for (const page of await out.copyPages(source, indices)) out.addPage(page);
  return out.save();
}
