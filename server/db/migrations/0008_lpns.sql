CREATE TABLE "lpns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lpns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"parent_id" integer,
	"location_code" text,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lpns" ADD CONSTRAINT "lpns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lpns" ADD CONSTRAINT "lpns_parent_id_lpns_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lpns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lpns_tenant_code_idx" ON "lpns" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "lpns_parent_idx" ON "lpns" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "lpns_location_idx" ON "lpns" USING btree ("tenant_id","location_code");