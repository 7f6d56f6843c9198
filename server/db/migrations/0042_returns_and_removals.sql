CREATE TABLE "return_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"return_order_id" integer NOT NULL,
	"batch_item_id" integer NOT NULL,
	"sku" text,
	"asin" text,
	"fnsku" text,
	"quantity" integer NOT NULL,
	"reason" text,
	"disposition" text
);
--> statement-breakpoint
CREATE TABLE "return_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"external_key" text NOT NULL,
	"order_id" text NOT NULL,
	"rma" text,
	"tracking_number" text,
	"carrier" text,
	"marketplace_status" text,
	"reason" text,
	"requested_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"batch_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_pulls" (
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"high_water" timestamp with time zone,
	"pending_report_id" text,
	"pending_until" timestamp with time zone,
	"last_pulled_at" timestamp with time zone,
	"last_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "return_pulls_store_id_kind_pk" PRIMARY KEY("store_id","kind")
);
--> statement-breakpoint
ALTER TABLE "return_order_lines" ADD CONSTRAINT "return_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_order_lines" ADD CONSTRAINT "return_order_lines_return_order_id_return_orders_id_fk" FOREIGN KEY ("return_order_id") REFERENCES "public"."return_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_order_lines" ADD CONSTRAINT "return_order_lines_batch_item_id_batch_items_id_fk" FOREIGN KEY ("batch_item_id") REFERENCES "public"."batch_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_batch_id_inbound_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."inbound_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_orders" ADD CONSTRAINT "return_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_pulls" ADD CONSTRAINT "return_pulls_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_order_lines_order_idx" ON "return_order_lines" USING btree ("return_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_orders_key_uq" ON "return_orders" USING btree ("tenant_id","company_id","kind","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "return_orders_batch_uq" ON "return_orders" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "return_orders_list_idx" ON "return_orders" USING btree ("tenant_id","kind","company_id","created_at");