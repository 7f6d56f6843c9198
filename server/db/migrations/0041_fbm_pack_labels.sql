CREATE TABLE "fbm_box_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fbm_box_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbm_box_items_quantity_ck" CHECK ("fbm_box_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "fbm_boxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fbm_boxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"length_in" double precision,
	"width_in" double precision,
	"height_in" double precision,
	"weight_lb" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fbm_label_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fbm_label_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"format" text NOT NULL,
	"preset" jsonb NOT NULL,
	"order_ids" jsonb NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbm_label_runs_status_ck" CHECK ("fbm_label_runs"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "fbm_order_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fbm_order_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"package_number" integer NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"request_key" text NOT NULL,
	"shipping_label_id" integer,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fbm_order_packs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"length_in" double precision NOT NULL,
	"width_in" double precision NOT NULL,
	"height_in" double precision NOT NULL,
	"weight_lb" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fbm_box_items" ADD CONSTRAINT "fbm_box_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_box_items" ADD CONSTRAINT "fbm_box_items_box_id_fbm_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."fbm_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_box_items" ADD CONSTRAINT "fbm_box_items_order_line_id_marketplace_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."marketplace_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_boxes" ADD CONSTRAINT "fbm_boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_boxes" ADD CONSTRAINT "fbm_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_boxes" ADD CONSTRAINT "fbm_boxes_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_label_runs" ADD CONSTRAINT "fbm_label_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_label_runs" ADD CONSTRAINT "fbm_label_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_labels" ADD CONSTRAINT "fbm_order_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_labels" ADD CONSTRAINT "fbm_order_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_labels" ADD CONSTRAINT "fbm_order_labels_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_labels" ADD CONSTRAINT "fbm_order_labels_shipping_label_id_shipping_labels_id_fk" FOREIGN KEY ("shipping_label_id") REFERENCES "public"."shipping_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_packs" ADD CONSTRAINT "fbm_order_packs_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_order_packs" ADD CONSTRAINT "fbm_order_packs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fbm_box_items_box_line_uq" ON "fbm_box_items" USING btree ("box_id","order_line_id");--> statement-breakpoint
CREATE INDEX "fbm_box_items_line_idx" ON "fbm_box_items" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fbm_boxes_order_number_uq" ON "fbm_boxes" USING btree ("order_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fbm_label_runs_key_uq" ON "fbm_label_runs" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "fbm_order_labels_key_uq" ON "fbm_order_labels" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "fbm_order_labels_order_idx" ON "fbm_order_labels" USING btree ("tenant_id","order_id");