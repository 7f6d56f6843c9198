import { z } from 'zod';
import { LABEL_DPIS, LABEL_SIZES } from './labels.js';

export const printerVendorSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(80),
  model: z.string().trim().min(1, 'model is required').max(80),
  language: z.enum(['zpl', 'pdf']).default('zpl'),
  dpi: z.union([z.literal(LABEL_DPIS[0]), z.literal(LABEL_DPIS[1])]).default(203),
  notes: z.string().trim().max(500).optional(),
});

const inches = (name: string) => z.number().positive(`${name} must be positive`).max(20, `${name}: at most 20 in`);
export const labelStockSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(80),
  sizeId: z.enum(LABEL_SIZES),
  widthIn: inches('widthIn'),
  heightIn: inches('heightIn'),
  gapIn: z.number().min(0).max(2).default(0.125),
  dpi: z.union([z.literal(203), z.literal(300)]).default(203),
  active: z.boolean().default(true),
});

/**
 * A network printer's address on the warehouse's network: a host name (letters, digits, dots and
 * dashes) or an IPv4/IPv6 address — no scheme, path or port (the port is its own field).
 */
export const printerHostSchema = z
  .string()
  .trim()
  .min(1, 'host: the printer’s address on the network')
  .max(253, 'host: at most 253 characters')
  .refine(
    (h) => z.ipv4().safeParse(h).success || z.ipv6().safeParse(h).success || z.hostname().safeParse(h).success,
    'host: a host name or IP address only (e.g. 192.168.1.50), without http:// or a port',
  );
/** Zebra and most label printers take raw jobs on 9100 (JetDirect). */
export const RAW_PRINT_PORT = 9100;

export const stationPrinterSchema = z.object({
  station: z.string().trim().min(1, 'station is required').max(80),
  printerName: z.string().trim().min(1, 'printerName is required').max(200),
  warehouseId: z.number().int().positive().optional(),
  vendorId: z.number().int().positive().optional(),
  labelStockId: z.number().int().positive().optional(),
  /** Where the server reaches the printer on the warehouse's network (raw port printing), if it is a network printer. */
  host: printerHostSchema.nullable().optional(),
  port: z
    .number({ error: 'port: a port number' })
    .int('port: a whole number')
    .min(1, 'port: 1 to 65535')
    .max(65_535, 'port: 1 to 65535')
    .nullable()
    .optional(),
  active: z.boolean().default(true),
});

export const qzCredentialsSchema = z.object({
  certificate: z.string().trim().min(100, 'certificate: a PEM certificate').max(20_000),
  privateKey: z.string().trim().min(100, 'privateKey: a PEM private key').max(20_000),
});

export const qzSignSchema = z.object({ request: z.string().min(1).max(100_000) });

// ---- response bodies ----

const stamps = { id: z.number().int(), createdAt: z.string(), updatedAt: z.string() };

export const printerVendorRowSchema = z.object({
  ...stamps,
  name: z.string(),
  model: z.string(),
  language: z.string(),
  dpi: z.number().int(),
  notes: z.string().nullable(),
});

/** A label stock as the API speaks it: sizes in inches as numbers (PostgreSQL keeps them numeric). */
export const labelStockRowSchema = z.object({
  ...stamps,
  name: z.string(),
  sizeId: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  gapIn: z.number(),
  dpi: z.number().int(),
  active: z.boolean(),
});

export const stationPrinterRowSchema = z.object({
  ...stamps,
  warehouseId: z.number().int().nullable(),
  station: z.string(),
  printerName: z.string(),
  vendorId: z.number().int().nullable(),
  labelStockId: z.number().int().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  active: z.boolean(),
});
export type PrinterVendorRow = z.infer<typeof printerVendorRowSchema>;
export type LabelStockRow = z.infer<typeof labelStockRowSchema>;
export type StationPrinterRow = z.infer<typeof stationPrinterRowSchema>;

/** The public half of the tenant's QZ Tray signing pair (the key never leaves the server). */
export const qzCertificateSchema = z.object({ certificate: z.string(), subject: z.string(), validTo: z.string() });
export const qzSignatureSchema = z.object({ signature: z.string(), algorithm: z.literal('SHA512') });
export const qzCredentialsSavedSchema = z.object({ subject: z.string(), validTo: z.string() });

/** POST /api/printer/network/print: ZPL to one of the tenant's network printers, sent by the server. */
export const networkPrintSchema = z.object({
  printerId: z.number({ error: 'printerId: the station printer' }).int().positive('printerId: the station printer'),
  zpl: z
    .string({ error: 'zpl: the label’s ZPL' })
    .min(3, 'zpl: the label’s ZPL')
    .max(2_000_000, 'zpl: at most 2 MB a job')
    .refine((z) => z.includes('^XA'), 'zpl: ZPL starts a label with ^XA'),
});
export const networkPrintResultSchema = z.object({
  printerId: z.number().int(),
  printer: z.string(),
  host: z.string(),
  port: z.number().int(),
  bytes: z.number().int(),
});
export type NetworkPrintResult = z.infer<typeof networkPrintResultSchema>;
