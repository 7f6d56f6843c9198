CREATE TABLE "wfs_shipping_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wfs_shipping_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"ship_from" jsonb NOT NULL,
	"carrier_preference" text NOT NULL,
	"carrier_name" text,
	"shipping_mode" text NOT NULL,
	"box_presets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wfs_shipping_templates_carrier_ck" CHECK ("wfs_shipping_templates"."carrier_preference" in ('WALMART_PREFERRED', 'OWN_CARRIER')),
	CONSTRAINT "wfs_shipping_templates_mode_ck" CHECK ("wfs_shipping_templates"."shipping_mode" in ('PARCEL', 'LTL'))
);
--> statement-breakpoint
ALTER TABLE "wfs_shipping_templates" ADD CONSTRAINT "wfs_shipping_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wfs_shipping_templates" ADD CONSTRAINT "wfs_shipping_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wfs_shipping_templates" ADD CONSTRAINT "wfs_shipping_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wfs_shipping_templates_name_uq" ON "wfs_shipping_templates" USING btree ("tenant_id",coalesce(company_id, 0),lower(name));--> statement-breakpoint
CREATE UNIQUE INDEX "wfs_shipping_templates_default_uq" ON "wfs_shipping_templates" USING btree ("tenant_id",coalesce(company_id, 0)) WHERE "wfs_shipping_templates"."is_default";--> statement-breakpoint
CREATE INDEX "wfs_shipping_templates_company_idx" ON "wfs_shipping_templates" USING btree ("tenant_id","company_id");