CREATE TABLE "label_designs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_designs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"kind" text DEFAULT 'location' NOT NULL,
	"name" text NOT NULL,
	"design" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_designs" ADD CONSTRAINT "label_designs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_designs_tenant_name_uq" ON "label_designs" USING btree ("tenant_id","kind","name");--> statement-breakpoint
CREATE INDEX "label_designs_tenant_idx" ON "label_designs" USING btree ("tenant_id","kind");