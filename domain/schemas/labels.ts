/**
 * Label templates, sizes and the render request shared by the client (preview, QZ printing)
 * and the server (server-side rendering endpoint). Pure zod: no geometry lives here — the
 * physical size of each size id is in printing/sizes.ts.
 */
import { z } from 'zod';

export const LABEL_TEMPLATES = ['fnsku', 'package', 'lpn', 'location', 'box', 'pallet'] as const;
export type LabelTemplateId = (typeof LABEL_TEMPLATES)[number];

export const LABEL_SIZES = ['2.25x1.25', '2x1', '4x6', '4x3', '30up-letter', '30up-a4'] as const;
export type LabelSizeId = (typeof LABEL_SIZES)[number];

/** Sheet sizes are laser/inkjet pages of 30 labels: PDF only, never ZPL. */
export const SHEET_SIZES = ['30up-letter', '30up-a4'] as const satisfies readonly LabelSizeId[];
export const isSheetSize = (size: LabelSizeId): boolean => (SHEET_SIZES as readonly LabelSizeId[]).includes(size);

export const LABEL_FORMATS = ['zpl', 'pdf', 'svg'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const LABEL_DPIS = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];

export const MAX_COPIES = 1000;

/** What a warehouse printer is used for; each kind has its own printer settings. */
export const LABEL_KINDS = ['item', 'package', 'lpn', 'location', 'box', 'pallet', 'shipping'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** Printable ASCII: what Code 128 and the printers' resident fonts encode without surprises. */
const barcodeText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name}: at most ${max} characters`)
    .regex(/^[\x20-\x7E]+$/, `${name}: printable ASCII only`);

const text = (name: string, max: number) => z.string().trim().min(1, `${name} is required`).max(max);
const isoDate = (name: string) => z.iso.date(`${name}: YYYY-MM-DD`);
const twoD = z.enum(['qrcode', 'datamatrix']);

export const fnskuLabelSchema = z.object({
  // Amazon FNSKUs (X00…) and ASINs (B0…) are 10 upper-case alphanumerics.
  fnsku: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, 'fnsku: 10 upper-case letters or digits'),
  title: text('title', 500),
  condition: text('condition', 40),
  expiry: isoDate('expiry').optional(),
});

export const packageLabelSchema = z.object({
  accountNumber: text('accountNumber', 40),
  company: text('company', 200),
  batchName: text('batchName', 200),
  date: isoDate('date'),
  packageCode: barcodeText('packageCode', 60),
});

export const lpnLabelSchema = z.object({
  lpn: barcodeText('lpn', 40),
  description: z.string().trim().max(200).optional(),
});

export const ARROW_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type ArrowDirection = (typeof ARROW_DIRECTIONS)[number];

export const locationLabelSchema = z.object({
  code: barcodeText('code', 40),
  zone: z.string().trim().max(40).optional(),
  aisle: z.string().trim().max(40).optional(),
  rack: z.string().trim().max(40).optional(),
  level: z.string().trim().max(40).optional(),
  bin: z.string().trim().max(40).optional(),
  arrow: z.enum(ARROW_DIRECTIONS).optional(),
});

export const boxLabelSchema = z
  .object({
    shipmentId: text('shipmentId', 60),
    boxId: barcodeText('boxId', 80),
    boxNumber: z.number().int().min(1),
    boxCount: z.number().int().min(1),
    contents: z.array(z.string().trim().max(200)).max(30).default([]),
    symbology: twoD.default('datamatrix'),
  })
  .refine((b) => b.boxNumber <= b.boxCount, { path: ['boxNumber'], message: 'boxNumber: cannot exceed boxCount' });

export const palletLabelSchema = z
  .object({
    shipmentId: text('shipmentId', 60),
    palletId: barcodeText('palletId', 80),
    palletNumber: z.number().int().min(1),
    palletCount: z.number().int().min(1),
    destination: text('destination', 300),
    symbology: twoD.default('qrcode'),
  })
  .refine((p) => p.palletNumber <= p.palletCount, {
    path: ['palletNumber'],
    message: 'palletNumber: cannot exceed palletCount',
  });

export type FnskuLabelData = z.infer<typeof fnskuLabelSchema>;
export type PackageLabelData = z.infer<typeof packageLabelSchema>;
export type LpnLabelData = z.infer<typeof lpnLabelSchema>;
export type LocationLabelData = z.infer<typeof locationLabelSchema>;
export type BoxLabelData = z.infer<typeof boxLabelSchema>;
export type PalletLabelData = z.infer<typeof palletLabelSchema>;

export interface LabelDataByTemplate {
  fnsku: FnskuLabelData;
  package: PackageLabelData;
  lpn: LpnLabelData;
  location: LocationLabelData;
  box: BoxLabelData;
  pallet: PalletLabelData;
}

/** Which sizes each template is laid out for, and the one used when the request names none. */
export const TEMPLATE_SIZES = {
  fnsku: { sizes: ['2.25x1.25', '2x1', '30up-letter', '30up-a4'], default: '2.25x1.25' },
  package: { sizes: ['4x6', '4x3'], default: '4x3' },
  lpn: { sizes: ['2.25x1.25', '2x1', '4x3', '30up-letter', '30up-a4'], default: '2.25x1.25' },
  location: { sizes: ['4x6', '4x3', '2.25x1.25', '2x1'], default: '4x3' },
  box: { sizes: ['4x6'], default: '4x6' },
  pallet: { sizes: ['4x6'], default: '4x6' },
} as const satisfies Record<LabelTemplateId, { sizes: readonly LabelSizeId[]; default: LabelSizeId }>;

export const templateSizes = (template: LabelTemplateId): readonly LabelSizeId[] => TEMPLATE_SIZES[template].sizes;
export const defaultTemplateSize = (template: LabelTemplateId): LabelSizeId => TEMPLATE_SIZES[template].default;

const requestBase = {
  format: z.enum(LABEL_FORMATS),
  dpi: z.union([z.literal(203), z.literal(300)]).default(203),
  copies: z.number().int().min(1).max(MAX_COPIES).default(1),
};

// One branch per template so an error in `data` is reported at data.<field>, and `size`
// is checked against the sizes that template is laid out for.
const branch = <T extends LabelTemplateId, S extends z.ZodType>(template: T, data: S) =>
  z.object({
    template: z.literal(template),
    size: z
      .enum(TEMPLATE_SIZES[template].sizes as readonly LabelSizeId[] as [LabelSizeId, ...LabelSizeId[]])
      .optional(),
    data,
    ...requestBase,
  });

export const labelRenderRequestSchema = z
  .discriminatedUnion('template', [
    branch('fnsku', fnskuLabelSchema),
    branch('package', packageLabelSchema),
    branch('lpn', lpnLabelSchema),
    branch('location', locationLabelSchema),
    branch('box', boxLabelSchema),
    branch('pallet', palletLabelSchema),
  ])
  .superRefine((req, ctx) => {
    const size = req.size ?? defaultTemplateSize(req.template);
    if (req.format === 'zpl' && isSheetSize(size)) {
      ctx.addIssue({ code: 'custom', path: ['size'], message: `size: ${size} is a laser sheet; use format pdf` });
    }
  });

/** A validated request (defaults applied). */
export type LabelRenderRequest = z.output<typeof labelRenderRequestSchema>;
/** What a caller may send (dpi, copies, size optional). */
export type LabelRenderRequestInput = z.input<typeof labelRenderRequestSchema>;

/** How a label kind's printer is reached (printerKindSettingsSchema `transport`). */
export const PRINT_TRANSPORTS = ['auto', 'qz', 'usb', 'network', 'browser'] as const;
export type PrintTransportSetting = (typeof PRINT_TRANSPORTS)[number];

/** Printer settings: one entry per label kind, plus whether labels print without a prompt. */
export const printerKindSettingsSchema = z
  .object({
    printerName: z.string().trim().max(200).nullable().default(null),
    /** What the printer understands: zpl (thermal, raw) or pdf (laser/desk printers, sheets). */
    language: z.enum(['zpl', 'pdf']).default('zpl'),
    size: z.enum(LABEL_SIZES).optional(),
    dpi: z.union([z.literal(203), z.literal(300)]).default(203),
    /** Zebra absolute darkness 0–30 (~SD); omitted = the printer's own setting. */
    darkness: z.number().int().min(0).max(30).optional(),
    copies: z.number().int().min(1).max(MAX_COPIES).default(1),
    /**
     * How labels reach the printer: `auto` — QZ Tray when a printer is named and QZ runs, else the
     * browser's print dialog; `qz` — QZ Tray only; `usb` — a Zebra printer plugged into this device,
     * over WebUSB (Chrome, Edge, Android handhelds; ZPL); `network` — a printer on the warehouse's
     * network, reached by the server on its raw port (ZPL; `networkPrinterId` names the tenant's
     * station printer); `browser` — the print dialog.
     */
    transport: z.enum(PRINT_TRANSPORTS).default('auto'),
    networkPrinterId: z.number().int().positive().nullable().default(null),
  })
  .refine((s) => s.transport !== 'network' || s.networkPrinterId !== null, {
    path: ['networkPrinterId'],
    message: 'networkPrinterId: choose the network printer',
  });

/**
 * Labels printed in a pass (the packer's bench) through the print dialog, which needs a tap: one
 * dialog per box (when it is closed or the packer moves on) or per `dialogUnits` units.
 */
export const DIALOG_BATCHES = ['box', 'units'] as const;

export const printerSettingsSchema = z.object({
  autoPrint: z.boolean().default(false),
  kinds: z.partialRecord(z.enum(LABEL_KINDS), printerKindSettingsSchema).default({}),
  dialogBatch: z.enum(DIALOG_BATCHES).default('box'),
  dialogUnits: z
    .number({ error: 'dialogUnits: a number of labels' })
    .int('dialogUnits: a whole number')
    .min(2, 'dialogUnits: at least 2')
    .max(200, 'dialogUnits: at most 200')
    .default(10),
});

export type PrinterKindSettings = z.output<typeof printerKindSettingsSchema>;
export type PrinterSettings = z.output<typeof printerSettingsSchema>;

/** The label kind a template prints on (selects the printer). */
export const TEMPLATE_KIND: Record<LabelTemplateId, LabelKind> = {
  fnsku: 'item',
  package: 'package',
  lpn: 'lpn',
  location: 'location',
  box: 'box',
  pallet: 'pallet',
};
