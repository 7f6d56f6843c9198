CREATE TABLE "batch_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"title" text NOT NULL,
	"asin" text,
	"fnsku" text,
	"msku" text,
	"upc" text,
	"expected_qty" integer NOT NULL,
	"received_qty" integer DEFAULT 0 NOT NULL,
	"damaged_qty" integer DEFAULT 0 NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"cost_cents" integer,
	"supplier" text,
	"item_action" text DEFAULT 'fba_prep' NOT NULL,
	"ship_to_country_code" text,
	"status" text DEFAULT 'intransit' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD COLUMN "ship_to_country_code" text;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_inbound_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."inbound_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_batch_idx" ON "batch_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "batch_items_company_status_idx" ON "batch_items" USING btree ("tenant_id","company_id","status");