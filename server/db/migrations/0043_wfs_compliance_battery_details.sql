ALTER TABLE "product_wfs_compliance" ADD COLUMN "lithium_ion_batteries" jsonb;--> statement-breakpoint
ALTER TABLE "product_wfs_compliance" ADD COLUMN "number_of_hazardous_components" integer;