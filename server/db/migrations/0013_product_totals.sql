CREATE TABLE "inventory_product_totals" (
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"places" integer NOT NULL,
	"title" text,
	CONSTRAINT "inventory_product_totals_tenant_id_company_id_product_key_condition_pk" PRIMARY KEY("tenant_id","company_id","product_key","condition")
);
--> statement-breakpoint
ALTER TABLE "inventory_product_totals" ADD CONSTRAINT "inventory_product_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_totals" ADD CONSTRAINT "inventory_product_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_totals_by_product_idx" ON "inventory_product_totals" USING btree ("tenant_id","product_key","company_id","condition") WHERE "inventory_product_totals"."quantity" > 0;--> statement-breakpoint
-- Totals of the stock already held.
INSERT INTO "inventory_product_totals" ("tenant_id","company_id","product_key","condition","quantity","places","title")
SELECT "tenant_id", "company_id", "product_key", "condition", sum("quantity")::int, count(*) FILTER (WHERE "quantity" > 0)::int, max("title")
FROM "inventory_balances" GROUP BY "tenant_id", "company_id", "product_key", "condition";
