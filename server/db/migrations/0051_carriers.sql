CREATE TABLE "carriers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carriers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'parcel' NOT NULL,
	"account_number" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_kind_ck" CHECK ("carriers"."kind" in ('parcel', 'ltl'))
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_name_uq" ON "carriers" USING btree ("tenant_id",lower(name));--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_uq" ON "carriers" USING btree ("tenant_id",upper(code));--> statement-breakpoint
CREATE INDEX "carriers_tenant_active_idx" ON "carriers" USING btree ("tenant_id","active");