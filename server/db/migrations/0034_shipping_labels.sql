CREATE TABLE "shipping_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer,
	"request_key" text NOT NULL,
	"provider" text DEFAULT 'shipengine' NOT NULL,
	"provider_label_id" text,
	"rate_id" text NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text,
	"status" text DEFAULT 'bought' NOT NULL,
	"ship_from" jsonb NOT NULL,
	"ship_to" jsonb NOT NULL,
	"parcels" jsonb NOT NULL,
	"reference" text,
	"format" text NOT NULL,
	"document" text,
	"cost_cents" bigint NOT NULL,
	"upcharge_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"finance_transaction_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "shipping_labels_status_ck" CHECK ("shipping_labels"."status" in ('buying', 'bought', 'voided'))
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_request_uq" ON "shipping_labels" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "shipping_labels_list_idx" ON "shipping_labels" USING btree ("tenant_id","company_id","created_at");