/** Sample data for every template, and the sizes each is laid out for (independent of the code under test). */
import type { LabelTemplateId } from '../../domain/schemas/labels.js';

export const SAMPLE_DATA: Record<LabelTemplateId, Record<string, unknown>> = {
  fnsku: {
    fnsku: 'X001ABCDEF',
    title: 'Organic Green Tea Bags, 100 Count – Premium Japanese Sencha, Naturally Caffeinated, Individually Wrapped',
    condition: 'New',
    expiry: '2026-05-01',
  },
  package: {
    accountNumber: 'ACC-10042',
    company: 'Acme Trading GmbH',
    batchName: 'Inbound batch 2024-11 #17',
    date: '2024-11-22',
    packageCode: '1Z999AA10123456784',
  },
  lpn: { lpn: 'LPN0000123456', description: 'Mixed SKUs, returns' },
  location: { code: 'A-03-2-4', zone: 'Z1', aisle: 'A', rack: '03', level: '2', bin: '4', arrow: 'down' },
  box: {
    shipmentId: 'FBA15XYZ1234',
    boxId: 'FBA15XYZ1234U000003',
    boxNumber: 3,
    boxCount: 12,
    contents: Array.from({ length: 25 }, (_, i) => `X00${i}ABCDEF × ${i + 1}`),
  },
  pallet: {
    shipmentId: 'FBA15XYZ1234',
    palletId: 'PAL-000042',
    palletNumber: 1,
    palletCount: 4,
    destination: 'Amazon FBA ONT8, 24300 Nandina Ave, Moreno Valley, CA 92551, United States',
  },
};

/** Physical sizes in inches, written out again here so a wrong geometry table fails the tests. */
export const EXPECTED_INCHES: Record<string, [number, number]> = {
  '2.25x1.25': [2.25, 1.25],
  '2x1': [2, 1],
  '4x6': [4, 6],
  '4x3': [4, 3],
  '30up-letter': [2.625, 1],
  '30up-a4': [70 / 25.4, 29.7 / 25.4],
};
