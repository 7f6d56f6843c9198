CREATE TABLE "fbm_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fbm_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'shipped' NOT NULL,
	"source" text DEFAULT 'desk' NOT NULL,
	"label_id" integer,
	"ship_date" timestamp with time zone NOT NULL,
	"units" integer NOT NULL,
	"packages" jsonb NOT NULL,
	"confirmation" text DEFAULT 'pending' NOT NULL,
	"confirmation_message" text,
	"confirmation_attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbm_shipments_status_check" CHECK ("fbm_shipments"."status" in ('shipped', 'cancelled')),
	CONSTRAINT "fbm_shipments_source_check" CHECK ("fbm_shipments"."source" in ('desk', 'bulk', 'label', 'auto_close')),
	CONSTRAINT "fbm_shipments_confirmation_check" CHECK ("fbm_shipments"."confirmation" in ('pending', 'sent', 'failed', 'local')),
	CONSTRAINT "fbm_shipments_units_check" CHECK ("fbm_shipments"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "item_reservations" DROP CONSTRAINT "item_reservations_state_check";--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_label_id_shipping_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."shipping_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_shipments" ADD CONSTRAINT "fbm_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fbm_shipments_order_idx" ON "fbm_shipments" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "fbm_shipments_pending_idx" ON "fbm_shipments" USING btree ("tenant_id","confirmation") WHERE "fbm_shipments"."status" = 'shipped' and "fbm_shipments"."confirmation" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "item_reservations" ADD CONSTRAINT "item_reservations_state_check" CHECK ("item_reservations"."state" in ('held', 'released', 'consumed', 'shipped'));