CREATE TABLE "amazon_prep_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "amazon_prep_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"msku" text NOT NULL,
	"prep_category" text NOT NULL,
	"prep_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label_owner_constraint" text,
	"prep_owner_constraint" text,
	"read_at" timestamp with time zone NOT NULL,
	"pending_operation_id" text,
	"pending_category" text,
	"pending_types" jsonb,
	"pending_by" integer,
	"problem" text
);
--> statement-breakpoint
ALTER TABLE "amazon_prep_details" ADD CONSTRAINT "amazon_prep_details_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_prep_details" ADD CONSTRAINT "amazon_prep_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_prep_details" ADD CONSTRAINT "amazon_prep_details_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_prep_details" ADD CONSTRAINT "amazon_prep_details_pending_by_users_id_fk" FOREIGN KEY ("pending_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amazon_prep_details_sku_uq" ON "amazon_prep_details" USING btree ("store_id","msku");