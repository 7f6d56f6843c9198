import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { tenants, timestamps, warehouses } from './tenancy.js';

/** Printer makes and models the warehouse uses (printer administration: vendors). */
export const printerVendors = pgTable(
  'printer_vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    model: text('model').notNull(),
    language: text('language').notNull().default('zpl'),
    dpi: integer('dpi').notNull().default(203),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('printer_vendors_tenant_idx').on(t.tenantId)],
);

/** Label stock definitions: the physical rolls and sheets (printer administration: printer labels). */
export const labelStocks = pgTable(
  'label_stocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    sizeId: text('size_id').notNull(),
    widthIn: numeric('width_in', { precision: 6, scale: 3 }).notNull(),
    heightIn: numeric('height_in', { precision: 6, scale: 3 }).notNull(),
    gapIn: numeric('gap_in', { precision: 6, scale: 3 }).notNull().default('0.125'),
    dpi: integer('dpi').notNull().default(203),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('label_stocks_tenant_idx').on(t.tenantId)],
);

/** Printers installed at stations (printer administration: system data). */
export const stationPrinters = pgTable(
  'station_printers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    station: text('station').notNull(),
    printerName: text('printer_name').notNull(),
    vendorId: integer('vendor_id').references(() => printerVendors.id),
    labelStockId: integer('label_stock_id').references(() => labelStocks.id),
    /** A network printer's address on the warehouse's network, which the server sends raw ZPL to. */
    host: text('host'),
    port: integer('port'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('station_printers_tenant_idx').on(t.tenantId)],
);
