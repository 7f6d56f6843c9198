CREATE TABLE "pick_batch_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_batch_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"location" text NOT NULL,
	"lpn" text DEFAULT '' NOT NULL,
	"zone" text,
	"quantity" integer NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	"short" integer DEFAULT 0 NOT NULL,
	"sequence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_batch_lines_quantity_check" CHECK ("pick_batch_lines"."quantity" > 0 and "pick_batch_lines"."picked" >= 0 and "pick_batch_lines"."short" >= 0),
	CONSTRAINT "pick_batch_lines_done_check" CHECK ("pick_batch_lines"."picked" + "pick_batch_lines"."short" <= "pick_batch_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "pick_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer,
	"number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_batches_status_check" CHECK ("pick_batches"."status" in ('open', 'picking', 'picked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "item_reservations" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "pick_batch_lines" ADD CONSTRAINT "pick_batch_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_lines" ADD CONSTRAINT "pick_batch_lines_batch_id_pick_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."pick_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_lines" ADD CONSTRAINT "pick_batch_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_lines" ADD CONSTRAINT "pick_batch_lines_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_lines" ADD CONSTRAINT "pick_batch_lines_order_line_id_marketplace_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."marketplace_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batches" ADD CONSTRAINT "pick_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batches" ADD CONSTRAINT "pick_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batches" ADD CONSTRAINT "pick_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_batch_lines_batch_idx" ON "pick_batch_lines" USING btree ("batch_id","sequence");--> statement-breakpoint
CREATE INDEX "pick_batch_lines_order_line_idx" ON "pick_batch_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "pick_batch_lines_open_idx" ON "pick_batch_lines" USING btree ("tenant_id","company_id","product_key","location") WHERE "pick_batch_lines"."picked" + "pick_batch_lines"."short" < "pick_batch_lines"."quantity";--> statement-breakpoint
CREATE UNIQUE INDEX "pick_batches_number_uq" ON "pick_batches" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "pick_batches_list_idx" ON "pick_batches" USING btree ("tenant_id","status","id");--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_order_line_id_marketplace_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."marketplace_order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_reservations_order_line_held_uq" ON "item_reservations" USING btree ("order_line_id") WHERE "item_reservations"."state" = 'held';