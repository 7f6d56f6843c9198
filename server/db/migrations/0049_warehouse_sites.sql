ALTER TABLE "warehouses" ADD COLUMN "address_name" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "line2" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "default_ship_from" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each tenant's first active site (its first site if none is active) becomes its default ship-from.
UPDATE "warehouses" SET "default_ship_from" = true WHERE "id" IN (SELECT DISTINCT ON ("tenant_id") "id" FROM "warehouses" ORDER BY "tenant_id", "active" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_tenant_default_ship_from_uq" ON "warehouses" USING btree ("tenant_id") WHERE "warehouses"."default_ship_from";