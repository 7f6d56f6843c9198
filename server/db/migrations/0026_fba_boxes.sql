CREATE TABLE "plan_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"shipment_id" text NOT NULL,
	"confirmation_id" text,
	"amazon_reference_id" text,
	"name" text,
	"destination" jsonb,
	"status" text DEFAULT 'WORKING' NOT NULL,
	"shipping_mode" text,
	"shipping_solution" text,
	"transportation_option_id" text,
	"carrier" jsonb,
	"delivery_window" jsonb,
	"tracking" jsonb,
	"pro_number" text,
	"bill_of_lading_number" text,
	"transport_confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received" jsonb,
	"discrepancy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_box_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_box_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"box_id" text NOT NULL,
	"plan_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_box_items_quantity_check" CHECK ("shipment_box_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_boxes" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"packing_group_id" text,
	"box_no" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"length_in" double precision,
	"width_in" double precision,
	"height_in" double precision,
	"weight_lb" double precision,
	"preset" text,
	"team_lift" boolean DEFAULT false NOT NULL,
	"amazon_package_id" text,
	"amazon_box_id" text,
	"shipment_id" integer,
	"opened_by" integer,
	"device_id" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_boxes_state_check" CHECK ("shipment_boxes"."state" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "step_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "packing_options" jsonb;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "placement_options" jsonb;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "transport_options" jsonb;--> statement-breakpoint
ALTER TABLE "plan_shipments" ADD CONSTRAINT "plan_shipments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_shipments" ADD CONSTRAINT "plan_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_shipments" ADD CONSTRAINT "plan_shipments_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_box_items" ADD CONSTRAINT "shipment_box_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_box_items" ADD CONSTRAINT "shipment_box_items_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_box_items" ADD CONSTRAINT "shipment_box_items_box_id_shipment_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."shipment_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_box_items" ADD CONSTRAINT "shipment_box_items_plan_item_id_shipment_plan_items_id_fk" FOREIGN KEY ("plan_item_id") REFERENCES "public"."shipment_plan_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_boxes" ADD CONSTRAINT "shipment_boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_boxes" ADD CONSTRAINT "shipment_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_boxes" ADD CONSTRAINT "shipment_boxes_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_boxes" ADD CONSTRAINT "shipment_boxes_shipment_id_plan_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."plan_shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_boxes" ADD CONSTRAINT "shipment_boxes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_shipments_uq" ON "plan_shipments" USING btree ("plan_id","shipment_id");--> statement-breakpoint
CREATE INDEX "plan_shipments_tenant_idx" ON "plan_shipments" USING btree ("tenant_id","company_id","pro_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_box_items_uq" ON "shipment_box_items" USING btree ("box_id","plan_item_id");--> statement-breakpoint
CREATE INDEX "shipment_box_items_plan_idx" ON "shipment_box_items" USING btree ("plan_id","plan_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_boxes_no_uq" ON "shipment_boxes" USING btree ("plan_id","box_no");--> statement-breakpoint
CREATE INDEX "shipment_boxes_tenant_idx" ON "shipment_boxes" USING btree ("tenant_id","company_id");