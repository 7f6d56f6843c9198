ALTER TABLE "problems" ADD COLUMN "source_ref" text;--> statement-breakpoint
CREATE INDEX "problems_source_ref_idx" ON "problems" USING btree ("tenant_id","source_ref");