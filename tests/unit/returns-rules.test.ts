/** Expected returns read from Amazon's reports and from uploaded files (domain/rules/returns.ts). */
import { describe, expect, it } from 'vitest';
import {
  checkReturnsCsv,
  fbmReturnsOfReport,
  removalShipmentsOfReport,
  returnBatchName,
  returnsCsvIssueText,
  returnStageOf,
} from '../../domain/rules/returns.js';
import { settingIsOn } from '../../server/modules/returns/pull.js';

const mfnRow = (over: Record<string, string> = {}): Record<string, string> => ({
  'Order ID': '113-0000000-0000001',
  'Return request date': '2026-11-20',
  'Return request status': 'Approved',
  'Amazon RMA ID': 'DABC123',
  'Merchant RMA ID': '',
  'Return carrier': 'UPS',
  'Tracking ID': '1Z999AA10123456784',
  ASIN: 'B000000001',
  'Merchant SKU': 'MUG-1',
  'Item Name': 'Blue mug',
  'Return quantity': '1',
  'Return Reason': 'CR-UNWANTED_ITEM',
  ...over,
});

const parcel = (over: Record<string, string> = {}): Record<string, string> => ({
  'request-date': '2026-11-01T10:00:00+00:00',
  'order-id': 'RMV1',
  'shipment-date': '2026-11-05T10:00:00+00:00',
  sku: 'MUG-1',
  fnsku: 'X001',
  disposition: 'Sellable',
  'shipped-quantity': '4',
  carrier: 'UPS',
  'tracking-number': '1ZAAA',
  'removal-order-type': 'Return',
  ...over,
});

describe('FBM returns from "Returns by return date"', () => {
  it('one return per RMA, its lines per SKU with their units, reasons gathered', () => {
    const [ret, ...rest] = fbmReturnsOfReport([
      mfnRow(),
      mfnRow({ 'Merchant SKU': 'LAMP-2', ASIN: 'B000000002', 'Return quantity': '2', 'Return Reason': 'CR-DEFECTIVE' }),
      mfnRow({ 'Return quantity': '1' }),
    ]);
    expect(rest).toEqual([]);
    expect(ret).toMatchObject({
      kind: 'fbm_return',
      externalKey: 'DABC123',
      rma: 'DABC123',
      orderId: '113-0000000-0000001',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      marketplaceStatus: 'Approved',
      reason: 'CR-UNWANTED_ITEM, CR-DEFECTIVE',
      requestedAt: '2026-11-20T00:00:00.000Z',
    });
    expect(ret.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['MUG-1', 2],
      ['LAMP-2', 2],
    ]);
  });

  it('without an Amazon RMA the merchant RMA, else the order, makes it one; rows with no units or codes are left out', () => {
    const out = fbmReturnsOfReport([
      mfnRow({ 'Amazon RMA ID': '', 'Merchant RMA ID': 'M-7' }),
      mfnRow({ 'Amazon RMA ID': '', 'Order ID': '113-2', 'Tracking ID': '' }),
      mfnRow({ 'Amazon RMA ID': 'D0', 'Return quantity': '0' }),
      mfnRow({ 'Amazon RMA ID': 'D1', 'Merchant SKU': '', ASIN: '' }),
      mfnRow({ 'Amazon RMA ID': 'D2', 'Return request date': 'soon' }),
    ]);
    expect(out.map((r) => r.externalKey)).toEqual(['M-7', 'order:113-2', 'D2']);
    expect(out[1].trackingNumber).toBeNull();
    expect(out[2].requestedAt).toBeNull();
  });
});

describe('FBA removal shipments from "Removal shipment detail"', () => {
  it('one per removal order and parcel (tracking number), lines per SKU and disposition', () => {
    const out = removalShipmentsOfReport([
      parcel(),
      parcel({ disposition: 'Unsellable', 'shipped-quantity': '1' }),
      parcel({ 'tracking-number': '1zbbb', 'shipped-quantity': '2' }),
      parcel({ 'shipped-quantity': '3' }),
      parcel({ 'order-id': 'RMV2', 'removal-order-type': 'Disposal' }),
      parcel({ 'order-id': 'RMV3', 'tracking-number': '' }),
    ]);
    expect(out.map((r) => r.externalKey)).toEqual(['RMV1/1ZAAA', 'RMV1/1ZBBB']);
    expect(out[0].lines.map((l) => [l.fnsku, l.disposition, l.quantity])).toEqual([
      ['X001', 'Sellable', 7],
      ['X001', 'Unsellable', 1],
    ]);
    expect(out[0]).toMatchObject({ kind: 'fba_removal', orderId: 'RMV1', shippedAt: '2026-11-05T10:00:00.000Z' });
  });
});

describe('names, stages and settings', () => {
  it('names the inbound batch so the floor recognises it', () => {
    expect(returnBatchName({ kind: 'fbm_return', orderId: '113-1', rma: 'DABC', trackingNumber: null })).toBe(
      'RETURN DABC',
    );
    expect(returnBatchName({ kind: 'fbm_return', orderId: '113-1', rma: null, trackingNumber: null })).toBe(
      'RETURN 113-1',
    );
    expect(
      returnBatchName({ kind: 'fba_removal', orderId: 'RMV1', rma: null, trackingNumber: '1z999aa10123456784' }),
    ).toBe('REMOVAL RMV1 23456784');
    expect(returnStageOf('open')).toBe('expected');
    expect(returnStageOf('receiving')).toBe('receiving');
  });

  it('reads a pull setting as on only when it says true', () => {
    expect(['true', '"true"', '{"enabled":true}'].map(settingIsOn)).toEqual([true, true, true]);
    expect(['false', '"yes"', '{}', 'nonsense', undefined].map(settingIsOn)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the uploaded file', () => {
  const rows = (...r: Record<string, string>[]) => r;
  const row = (i: number) => i + 2;

  it('groups rows into returns by order and RMA (removals: by order and tracking number)', () => {
    const fbm = checkReturnsCsv(
      'fbm_return',
      rows(
        { order_id: 'A', rma: 'R1', tracking_number: '1ZT', sku: 'MUG-1', quantity: '1' },
        { order_id: 'A', rma: 'R1', sku: 'LAMP-2', quantity: '2' },
        { order_id: 'B', sku: 'MUG-1', quantity: '1' },
      ),
      row,
    );
    expect(fbm.issues).toEqual([]);
    expect(fbm.lines).toBe(3);
    expect(fbm.returns.map((r) => [r.externalKey, r.trackingNumber, r.lines.length])).toEqual([
      ['R1', '1ZT', 2],
      ['order:B', null, 1],
    ]);
    const fba = checkReturnsCsv(
      'fba_removal',
      rows(
        { order_id: 'RMV', tracking_number: '1zA', fnsku: 'X1', quantity: '3' },
        { order_id: 'RMV', tracking_number: '1ZB', fnsku: 'X1', quantity: '1' },
      ),
      row,
    );
    expect(fba.returns.map((r) => r.externalKey)).toEqual(['RMV/1ZA', 'RMV/1ZB']);
  });

  it('reports every bad row with its column and code', () => {
    const { issues, returns } = checkReturnsCsv(
      'fba_removal',
      rows(
        { order_id: '', tracking_number: '1Z', sku: 'A', quantity: '1' },
        { order_id: 'X', tracking_number: '', sku: 'A', quantity: '1.5' },
        { order_id: 'X', tracking_number: '1Z', quantity: '' },
        { order_id: 'X', tracking_number: '1Z', sku: 'A', quantity: '2', request_date: 'someday' },
      ),
      row,
    );
    expect(returns).toEqual([]);
    expect(issues.map((i) => `${i.row}:${i.column}:${i.code}`)).toEqual([
      '2:order_id:required',
      '3:tracking_number:required',
      '3:quantity:whole_number',
      '4:quantity:required',
      '4:null:needs_code',
      '5:request_date:not_a_date',
    ]);
    expect(returnsCsvIssueText(issues[2])).toBe('row 3, quantity: A whole number from 1 to 100000 ("1.5")');
  });

  it('refuses two tracking numbers for one return', () => {
    const { issues } = checkReturnsCsv(
      'fbm_return',
      rows(
        { order_id: 'A', rma: 'R1', tracking_number: '1ZT', sku: 'MUG-1', quantity: '1' },
        { order_id: 'A', rma: 'R1', tracking_number: '1ZU', sku: 'LAMP-2', quantity: '1' },
      ),
      row,
    );
    expect(issues).toEqual([
      { row: 3, column: 'tracking_number', code: 'tracking_differs', value: '1ZU', params: { expected: '1ZT' } },
    ]);
  });
});
