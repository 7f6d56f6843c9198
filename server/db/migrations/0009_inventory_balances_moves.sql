CREATE TABLE "inventory_balances" (
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"location" text NOT NULL,
	"lpn" text DEFAULT '' NOT NULL,
	"condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_balances_tenant_id_company_id_product_key_location_lpn_condition_pk" PRIMARY KEY("tenant_id","company_id","product_key","location","lpn","condition"),
	CONSTRAINT "inventory_balances_not_negative" CHECK ("inventory_balances"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_moves" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"move_batch_id" text,
	"kind" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"product_key" text,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"device_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "move_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD COLUMN "lpn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_balances" ADD CONSTRAINT "inventory_balances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_balances" ADD CONSTRAINT "inventory_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_moves" ADD CONSTRAINT "inventory_moves_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_moves" ADD CONSTRAINT "inventory_moves_move_batch_id_move_batches_id_fk" FOREIGN KEY ("move_batch_id") REFERENCES "public"."move_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_moves" ADD CONSTRAINT "inventory_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_batches" ADD CONSTRAINT "move_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_batches" ADD CONSTRAINT "move_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balances_location_idx" ON "inventory_balances" USING btree ("tenant_id","location");--> statement-breakpoint
CREATE INDEX "balances_lpn_idx" ON "inventory_balances" USING btree ("tenant_id","lpn");--> statement-breakpoint
CREATE INDEX "balances_company_product_idx" ON "inventory_balances" USING btree ("tenant_id","company_id","product_key");--> statement-breakpoint
CREATE INDEX "moves_batch_idx" ON "inventory_moves" USING btree ("move_batch_id","at");--> statement-breakpoint
CREATE INDEX "moves_tenant_at_idx" ON "inventory_moves" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "move_batches_tenant_idx" ON "move_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_tenant_at_idx" ON "inventory_ledger" USING btree ("tenant_id","at");--> statement-breakpoint
-- Balances of the stock already in the ledger (titles from the purchase-order items).
INSERT INTO "inventory_balances" ("tenant_id","company_id","product_key","location","lpn","condition","quantity","title")
SELECT l."tenant_id", l."company_id", l."product_key", l."location", l."lpn", l."condition", sum(l."quantity")::int, max(bi."title")
FROM "inventory_ledger" l LEFT JOIN "batch_items" bi ON bi."id" = l."batch_item_id"
GROUP BY l."tenant_id", l."company_id", l."product_key", l."location", l."lpn", l."condition";
