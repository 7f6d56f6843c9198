CREATE TABLE "label_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_id" text NOT NULL,
	"width_in" numeric(6, 3) NOT NULL,
	"height_in" numeric(6, 3) NOT NULL,
	"gap_in" numeric(6, 3) DEFAULT '0.125' NOT NULL,
	"dpi" integer DEFAULT 203 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printer_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printer_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"language" text DEFAULT 'zpl' NOT NULL,
	"dpi" integer DEFAULT 203 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_printers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "station_printers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"warehouse_id" integer,
	"station" text NOT NULL,
	"printer_name" text NOT NULL,
	"vendor_id" integer,
	"label_stock_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_stocks" ADD CONSTRAINT "label_stocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_vendors" ADD CONSTRAINT "printer_vendors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_printers" ADD CONSTRAINT "station_printers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_printers" ADD CONSTRAINT "station_printers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_printers" ADD CONSTRAINT "station_printers_vendor_id_printer_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."printer_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_printers" ADD CONSTRAINT "station_printers_label_stock_id_label_stocks_id_fk" FOREIGN KEY ("label_stock_id") REFERENCES "public"."label_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_stocks_tenant_idx" ON "label_stocks" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "printer_vendors_tenant_idx" ON "printer_vendors" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "station_printers_tenant_idx" ON "station_printers" USING btree ("tenant_id");