/**
 * The printed pick list (src/features/fbm-pick/pick-list-pdf.ts): a PDF in walking order, pages
 * added as the list grows, text Helvetica cannot draw folded instead of failing.
 */
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
