CREATE TABLE "item_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"plan_id" integer,
	"plan_item_id" integer,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_reservations_quantity_check" CHECK ("item_reservations"."quantity" > 0),
	CONSTRAINT "item_reservations_state_check" CHECK ("item_reservations"."state" in ('held', 'released', 'consumed'))
);
--> statement-breakpoint
CREATE TABLE "shipment_plan_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_plan_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"request" jsonb,
	"response" jsonb
);
--> statement-breakpoint
CREATE TABLE "shipment_plan_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_plan_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"msku" text,
	"fnsku" text,
	"asin" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"label_owner" text DEFAULT 'SELLER' NOT NULL,
	"prep_owner" text DEFAULT 'SELLER' NOT NULL,
	"expiration" date,
	"manufacturing_lot_code" text,
	"prep_instructions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"packing_group_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_plan_items_quantity_check" CHECK ("shipment_plan_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"step" text DEFAULT 'items' NOT NULL,
	"ship_from" jsonb NOT NULL,
	"inbound_plan_id" text,
	"packing_option_id" text,
	"placement_option_id" text,
	"operation_id" text,
	"operation" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_plans_status_check" CHECK ("shipment_plans"."status" in ('open', 'boxing', 'box_dims', 'shipping', 'closed', 'cancelled')),
	CONSTRAINT "shipment_plans_step_check" CHECK ("shipment_plans"."step" in ('items', 'packing', 'boxes', 'placement', 'transport', 'labels', 'shipped', 'receiving'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "requires_expiration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_plan_item_id_shipment_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."shipment_plan_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_events" ADD CONSTRAINT "shipment_plan_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_events" ADD CONSTRAINT "shipment_plan_events_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_events" ADD CONSTRAINT "shipment_plan_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_items" ADD CONSTRAINT "shipment_plan_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_items" ADD CONSTRAINT "shipment_plan_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_items" ADD CONSTRAINT "shipment_plan_items_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_items" ADD CONSTRAINT "shipment_plan_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_reservations_held_idx" ON "item_reservations" USING btree ("tenant_id","company_id","product_key") WHERE "item_reservations"."state" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "item_reservations_line_held_uq" ON "item_reservations" USING btree ("plan_item_id") WHERE "item_reservations"."state" = 'held';--> statement-breakpoint
CREATE INDEX "item_reservations_plan_idx" ON "item_reservations" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "shipment_plan_events_plan_idx" ON "shipment_plan_events" USING btree ("plan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_plan_items_product_uq" ON "shipment_plan_items" USING btree ("plan_id","product_id");--> statement-breakpoint
CREATE INDEX "shipment_plans_list_idx" ON "shipment_plans" USING btree ("tenant_id","company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipment_plans_tenant_idx" ON "shipment_plans" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_plans_inbound_uq" ON "shipment_plans" USING btree ("store_id","inbound_plan_id");