-- Trigram search for the inventory snapshot (pg_trgm is a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "balances_title_trgm_idx" ON "inventory_balances" USING gin ("title" gin_trgm_ops) WHERE "inventory_balances"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "balances_key_trgm_idx" ON "inventory_balances" USING gin ("product_key" gin_trgm_ops) WHERE "inventory_balances"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "product_totals_title_trgm_idx" ON "inventory_product_totals" USING gin ("title" gin_trgm_ops) WHERE "inventory_product_totals"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "product_totals_key_trgm_idx" ON "inventory_product_totals" USING gin ("product_key" gin_trgm_ops) WHERE "inventory_product_totals"."quantity" > 0;