ALTER TABLE "store_listings" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "store_listings" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "display_id" text;