CREATE TABLE "freight_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freight_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer,
	"request_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"rate" jsonb,
	"status" text NOT NULL,
	"broker_shipment_id" text,
	"bol_number" text,
	"pro_number" text,
	"carrier_name" text,
	"carrier_scac" text,
	"service" text,
	"pickup_date" text NOT NULL,
	"estimated_delivery" text,
	"cost_cents" integer,
	"rated_classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tracked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "freight_shipments" ADD CONSTRAINT "freight_shipments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_shipments" ADD CONSTRAINT "freight_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_shipments" ADD CONSTRAINT "freight_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_shipments_request_uq" ON "freight_shipments" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "freight_shipments_tenant_idx" ON "freight_shipments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "freight_shipments_pro_idx" ON "freight_shipments" USING btree ("tenant_id","pro_number");