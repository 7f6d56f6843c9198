CREATE TABLE "store_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"sku" text NOT NULL,
	"asin" text,
	"fnsku" text,
	"title" text,
	"status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" double precision,
	"currency" text,
	"channel" text NOT NULL,
	"quantity" integer,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_url" text,
	"updated_at" timestamp with time zone,
	"pulled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_listings" ADD CONSTRAINT "store_listings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_listings" ADD CONSTRAINT "store_listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_listings" ADD CONSTRAINT "store_listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_listings_sku_uq" ON "store_listings" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "store_listings_company_idx" ON "store_listings" USING btree ("tenant_id","company_id");