CREATE TABLE "inbound_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"warehouse_id" integer,
	"batch_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_receive_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"warehouse_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"receive_batch_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"normalized" text NOT NULL,
	"match_status" text NOT NULL,
	"tracking_id" integer,
	"scanned_at" timestamp with time zone NOT NULL,
	"scanned_by" integer,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"normalized" text NOT NULL,
	"status" text DEFAULT 'expected' NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_scan_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"tenant_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"company_id" integer,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"op" text NOT NULL,
	"row" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_log_tenant_id_seq_pk" PRIMARY KEY("tenant_id","seq")
);
--> statement-breakpoint
CREATE TABLE "change_seq" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_mutations" (
	"tenant_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"message" text,
	"result" jsonb,
	"created_at" timestamp with time zone,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_mutations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD CONSTRAINT "inbound_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD CONSTRAINT "inbound_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD CONSTRAINT "inbound_batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_batches" ADD CONSTRAINT "inbound_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receive_batches" ADD CONSTRAINT "package_receive_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receive_batches" ADD CONSTRAINT "package_receive_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receive_batches" ADD CONSTRAINT "package_receive_batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receive_batches" ADD CONSTRAINT "package_receive_batches_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_scans" ADD CONSTRAINT "package_scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_scans" ADD CONSTRAINT "package_scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_scans" ADD CONSTRAINT "package_scans_receive_batch_id_package_receive_batches_id_fk" FOREIGN KEY ("receive_batch_id") REFERENCES "public"."package_receive_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_scans" ADD CONSTRAINT "package_scans_tracking_id_tracking_numbers_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."tracking_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_scans" ADD CONSTRAINT "package_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_numbers" ADD CONSTRAINT "tracking_numbers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_numbers" ADD CONSTRAINT "tracking_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_numbers" ADD CONSTRAINT "tracking_numbers_batch_id_inbound_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."inbound_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_seq" ADD CONSTRAINT "change_seq_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_mutations" ADD CONSTRAINT "sync_mutations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_batches_name_uq" ON "inbound_batches" USING btree ("tenant_id","company_id","batch_name");--> statement-breakpoint
CREATE INDEX "inbound_batches_company_idx" ON "inbound_batches" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "prb_company_idx" ON "package_receive_batches" USING btree ("tenant_id","company_id","status");--> statement-breakpoint
CREATE INDEX "package_scans_batch_idx" ON "package_scans" USING btree ("receive_batch_id","normalized");--> statement-breakpoint
CREATE INDEX "package_scans_normalized_idx" ON "package_scans" USING btree ("tenant_id","normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_batch_normalized_uq" ON "tracking_numbers" USING btree ("batch_id","normalized");--> statement-breakpoint
CREATE INDEX "tracking_lookup_idx" ON "tracking_numbers" USING btree ("tenant_id","normalized");--> statement-breakpoint
CREATE INDEX "tracking_company_idx" ON "tracking_numbers" USING btree ("tenant_id","company_id","status");--> statement-breakpoint
CREATE INDEX "tracking_batch_status_idx" ON "tracking_numbers" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "change_log_company_idx" ON "change_log" USING btree ("tenant_id","company_id","seq");