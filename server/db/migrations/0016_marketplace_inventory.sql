CREATE TABLE "marketplace_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"type" text NOT NULL,
	"sku" text NOT NULL,
	"title" text,
	"asin" text,
	"fnsku" text,
	"item_id" text,
	"gtin" text,
	"fulfillable" integer NOT NULL,
	"inbound" integer NOT NULL,
	"reserved" integer NOT NULL,
	"unsellable" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_inventory_type_check" CHECK ("marketplace_inventory"."type" in ('fba', 'fbm', 'wfs', 'ebay')),
	CONSTRAINT "marketplace_inventory_not_negative" CHECK ("marketplace_inventory"."fulfillable" >= 0 and "marketplace_inventory"."inbound" >= 0 and "marketplace_inventory"."reserved" >= 0 and "marketplace_inventory"."unsellable" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"marketplace" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" integer
);
--> statement-breakpoint
ALTER TABLE "marketplace_inventory" ADD CONSTRAINT "marketplace_inventory_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_inventory" ADD CONSTRAINT "marketplace_inventory_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_inventory" ADD CONSTRAINT "marketplace_inventory_report_id_marketplace_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."marketplace_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_inventory_sku_uq" ON "marketplace_inventory" USING btree ("tenant_id","company_id","type","sku");--> statement-breakpoint
CREATE INDEX "marketplace_inventory_list_idx" ON "marketplace_inventory" USING btree ("tenant_id","type","company_id","sku");--> statement-breakpoint
CREATE INDEX "marketplace_inventory_report_idx" ON "marketplace_inventory" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "marketplace_reports_company_idx" ON "marketplace_reports" USING btree ("tenant_id","company_id","imported_at");