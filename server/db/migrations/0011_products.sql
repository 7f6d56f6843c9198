CREATE TABLE "product_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_type" text NOT NULL,
	"is_primary" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_components" (
	"bundle_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_components_bundle_id_component_id_pk" PRIMARY KEY("bundle_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"product_type" text DEFAULT 'individual' NOT NULL,
	"packing" text DEFAULT 'individual' NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"asin" text,
	"fnsku" text,
	"msku" text,
	"upc" text,
	"category" text,
	"manufacturer" text,
	"length_in" double precision,
	"width_in" double precision,
	"height_in" double precision,
	"weight_lb" double precision,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_codes" ADD CONSTRAINT "product_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_codes" ADD CONSTRAINT "product_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_codes" ADD CONSTRAINT "product_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_components" ADD CONSTRAINT "product_components_component_id_products_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_codes_company_code_uq" ON "product_codes" USING btree ("tenant_id","company_id","code");--> statement-breakpoint
CREATE INDEX "product_codes_code_idx" ON "product_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "product_codes_product_idx" ON "product_codes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_components_component_idx" ON "product_components" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "products_company_idx" ON "products" USING btree ("tenant_id","company_id","title");