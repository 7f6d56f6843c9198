/**
 * The printed pick list (src/features/fbm-pick/pick-list-pdf.ts): a PDF in walking order, pages
 * added as the list grows, text Helvetica cannot draw folded instead of failing.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { PickBatchDetail } from '../../domain/schemas/fbm-pick';
import { pickListPdf } from '../../src/features/fbm-pick/pick-list-pdf';

const batch = (lines: number): PickBatchDetail => ({
  id: 1,
  number: 'PB-000001',
  companyId: 4,
  status: 'open',
  createdBy: 1,
  createdAt: new Date().toISOString(),
  orders: lines,
  units: lines,
  picked: 0,
  short: 0,
  unallocated: [],
  lines: Array.from({ length: lines }, (_, i) => ({
    id: i + 1,
    sequence: i + 1,
    zone: 'Z-A',
    location: `A-${i + 1}`,
    lpn: '',
    companyId: 4,
    orderId: i + 1,
    marketplaceOrderId: `O-${i + 1}`,
    orderLineId: i + 1,
    productKey: 'MUG-1',
    sku: 'MUG-1',
    title: 'Tasse “Größe” – 日本 mug with a very long title that does not fit its column at all',
    quantity: 1,
    picked: 0,
    short: 0,
  })),
});
const words = {
  title: 'Pick list',
  columns: ['Zone', 'Location', 'LPN', 'SKU', 'Title', 'Qty', 'Order'] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ],
  footer: '2 orders',
};

describe('pick list PDF', () => {
  it('one page for a short list, more for a long one', async () => {
    const small = await PDFDocument.load(await pickListPdf(batch(3), words));
    expect(small.getPageCount()).toBe(1);
    expect(small.getTitle()).toBe('Pick list PB-000001');
    const big = await PDFDocument.load(await pickListPdf(batch(120), words));
    expect(big.getPageCount()).toBeGreaterThanOrEqual(3);
    // The title keeps its Latin-1 letters (Größe), the Japanese is dropped rather than failing.
    const raw = Buffer.from(await pickListPdf(batch(1), words)).toString('latin1');
    expect(raw).toContain('%PDF');
  });
});

/** The text a PDF draws, string by string (pdf-lib writes each as hex in a flate-compressed stream). */
function drawnText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream\n', at);
    if (start < 0) break;
    const end = raw.indexOf('\nendstream', start);
    let body: string;
    try {
      body = inflateSync(raw.subarray(start + 7, end)).toString('latin1');
    } catch {
      body = raw.subarray(start + 7, end).toString('latin1');
    }
    for (const m of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(m[1], 'hex').toString('latin1'));
    at = end + 10;
  }
  return out;
}

describe('pick list PDF, issue 38', () => {
  it('prints long order numbers whole and the title it is given (the catalogue’s)', async () => {
    const b = batch(2);
    b.lines[0].marketplaceOrderId = '114-3941689-8772232';
    b.lines[1].marketplaceOrderId = 'WALMART-108829374651029384756';
    b.lines[0].title = 'Catalogue mug';
    const text = drawnText(await pickListPdf(b, words));
    expect(text.join('')).toContain('114-3941689-8772232');
    expect(text.join('')).toContain('WALMART-108829374651029384756');
    expect(text).toContain('Catalogue mug');
  });
});
