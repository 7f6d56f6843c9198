/**
 * The form of each label template on the print-label tool: its fields in print order, which one
 * a scan fills, and a sample used for test prints. The template's zod schema (domain) is the
 * judge of the values; this only says how to ask for them.
 */
import { ARROW_DIRECTIONS, type LabelKind, type LabelTemplateId } from '../../../domain/schemas/labels';

export type FieldKind = 'text' | 'number' | 'date' | 'select' | 'lines';
export interface LabelField {
  name: string;
  kind: FieldKind;
  required: boolean;
  options?: readonly string[];
}

const f = (name: string, kind: FieldKind = 'text', required = true, options?: readonly string[]): LabelField => ({
  name,
  kind,
  required,
  options,
});

export const LABEL_FIELDS: Record<LabelTemplateId, { fields: LabelField[]; scanField: string }> = {
  fnsku: {
    scanField: 'fnsku',
    fields: [
      f('fnsku'),
      f('title'),
      f('condition', 'select', true, [
        'New',
        'Used - Like New',
        'Used - Very Good',
        'Used - Good',
        'Used - Acceptable',
      ]),
      f('expiry', 'date', false),
    ],
  },
  package: {
    scanField: 'packageCode',
    fields: [f('packageCode'), f('accountNumber'), f('company'), f('batchName'), f('date', 'date')],
  },
  lpn: { scanField: 'lpn', fields: [f('lpn'), f('description', 'text', false)] },
  location: {
    scanField: 'code',
    fields: [
      f('code'),
      f('zone', 'text', false),
      f('aisle', 'text', false),
      f('rack', 'text', false),
      f('level', 'text', false),
      f('bin', 'text', false),
      f('arrow', 'select', false, ARROW_DIRECTIONS),
    ],
  },
  box: {
    scanField: 'boxId',
    fields: [
      f('boxId'),
      f('shipmentId'),
      f('boxNumber', 'number'),
      f('boxCount', 'number'),
      f('contents', 'lines', false),
    ],
  },
  pallet: {
    scanField: 'palletId',
    fields: [f('palletId'), f('shipmentId'), f('palletNumber', 'number'), f('palletCount', 'number'), f('destination')],
  },
};

export type FormValues = Record<string, string>;

/** Form strings → the template's data: numbers as numbers, lines as a list, blanks left out. */
export function toLabelData(template: LabelTemplateId, values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of LABEL_FIELDS[template].fields) {
    const raw = (values[field.name] ?? '').trim();
    if (!raw && !field.required) continue;
    if (field.kind === 'number') data[field.name] = raw === '' ? undefined : Number(raw);
    else if (field.kind === 'lines')
      data[field.name] = raw
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else data[field.name] = raw;
  }
  return data;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** A sample label of each kind, for the printer settings' test print. */
export const SAMPLE_LABELS: Record<
  Exclude<LabelKind, 'shipping'>,
  { template: LabelTemplateId; data: () => Record<string, unknown> }
> = {
  item: {
    template: 'fnsku',
    data: () => ({ fnsku: 'X00TEST001', title: 'Dockside test label — printer check', condition: 'New' }),
  },
  package: {
    template: 'package',
    data: () => ({
      packageCode: 'PKG-TEST-0001',
      accountNumber: 'TEST',
      company: 'Dockside test',
      batchName: 'Printer check',
      date: today(),
    }),
  },
  lpn: { template: 'lpn', data: () => ({ lpn: 'LPN-TEST-0001', description: 'Printer check' }) },
  location: {
    template: 'location',
    data: () => ({ code: 'A-01-01-01', zone: 'A', aisle: '01', rack: '01', level: '01', arrow: 'up' }),
  },
  box: {
    template: 'box',
    data: () => ({
      boxId: 'BOX-TEST-0001',
      shipmentId: 'FBA-TEST',
      boxNumber: 1,
      boxCount: 1,
      contents: ['Printer check'],
    }),
  },
  pallet: {
    template: 'pallet',
    data: () => ({
      palletId: 'PLT-TEST-0001',
      shipmentId: 'FBA-TEST',
      palletNumber: 1,
      palletCount: 1,
      destination: 'Printer check',
    }),
  },
};
