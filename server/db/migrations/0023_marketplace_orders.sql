CREATE TABLE "marketplace_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"operation_id" text NOT NULL,
	"operation" text,
	"subject" text,
	"status" text NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" text NOT NULL,
	"sku" text,
	"asin" text,
	"gtin" text,
	"title" text,
	"quantity_ordered" integer NOT NULL,
	"quantity_shipped" integer NOT NULL,
	"unit_price" integer,
	"product_id" integer
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"marketplace_order_id" text NOT NULL,
	"sales_channel" text NOT NULL,
	"fulfillment_network" text NOT NULL,
	"status" text NOT NULL,
	"marketplace_status" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"marketplace_updated_at" timestamp with time zone NOT NULL,
	"ship_by" timestamp with time zone,
	"deliver_by" timestamp with time zone,
	"shipping_service" text,
	"currency" text,
	"total" integer,
	"ship_to" jsonb,
	"pulled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_pulls" (
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"high_water" timestamp with time zone NOT NULL,
	"last_pulled_at" timestamp with time zone NOT NULL,
	"last_count" integer NOT NULL,
	CONSTRAINT "store_pulls_store_id_kind_pk" PRIMARY KEY("store_id","kind")
);
--> statement-breakpoint
ALTER TABLE "marketplace_operations" ADD CONSTRAINT "marketplace_operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_operations" ADD CONSTRAINT "marketplace_operations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_operations" ADD CONSTRAINT "marketplace_operations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_lines" ADD CONSTRAINT "marketplace_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_lines" ADD CONSTRAINT "marketplace_order_lines_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_lines" ADD CONSTRAINT "marketplace_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pulls" ADD CONSTRAINT "store_pulls_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_operations_uq" ON "marketplace_operations" USING btree ("store_id","operation_id");--> statement-breakpoint
CREATE INDEX "marketplace_operations_company_idx" ON "marketplace_operations" USING btree ("tenant_id","company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_order_lines_uq" ON "marketplace_order_lines" USING btree ("order_id","line_id");--> statement-breakpoint
CREATE INDEX "marketplace_order_lines_product_idx" ON "marketplace_order_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_uq" ON "marketplace_orders" USING btree ("store_id","marketplace_order_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_company_idx" ON "marketplace_orders" USING btree ("tenant_id","company_id","status","purchased_at");