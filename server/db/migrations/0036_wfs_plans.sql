ALTER TABLE "shipment_plans" DROP CONSTRAINT "shipment_plans_step_check";--> statement-breakpoint
ALTER TABLE "shipping_labels" DROP CONSTRAINT "shipping_labels_status_ck";--> statement-breakpoint
DROP INDEX "item_reservations_held_idx";--> statement-breakpoint
ALTER TABLE "item_reservations" ADD COLUMN "station" text DEFAULT 'PREP-FBA' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "channel" text DEFAULT 'fba' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "inbound_preview" jsonb;--> statement-breakpoint
CREATE INDEX "item_reservations_held_idx" ON "item_reservations" USING btree ("tenant_id","company_id","station","product_key") WHERE "item_reservations"."state" = 'held';--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_channel_check" CHECK ("shipment_plans"."channel" in ('fba', 'wfs'));--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_step_check" CHECK ("shipment_plans"."step" in ('items', 'packing', 'preview', 'boxes', 'placement', 'transport', 'carrier', 'labels', 'shipped', 'receiving'));--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_status_ck" CHECK ("shipping_labels"."status" in ('buying', 'bought', 'voided'));