CREATE TABLE "pick_batch_picks" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"short" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"problem_id" integer,
	"user_id" integer,
	"device_id" text,
	"picked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"company_id" integer,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_ref" text NOT NULL,
	"result" text NOT NULL,
	"expected" integer NOT NULL,
	"scanned" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_verifications_subject_check" CHECK ("batch_verifications"."subject_type" in ('pick_batch', 'fbm_order')),
	CONSTRAINT "batch_verifications_result_check" CHECK ("batch_verifications"."result" in ('verified', 'mismatch'))
);
--> statement-breakpoint
ALTER TABLE "pick_batch_picks" ADD CONSTRAINT "pick_batch_picks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_picks" ADD CONSTRAINT "pick_batch_picks_batch_id_pick_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."pick_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_picks" ADD CONSTRAINT "pick_batch_picks_batch_line_id_pick_batch_lines_id_fk" FOREIGN KEY ("batch_line_id") REFERENCES "public"."pick_batch_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_batch_picks" ADD CONSTRAINT "pick_batch_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_verifications" ADD CONSTRAINT "batch_verifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_verifications" ADD CONSTRAINT "batch_verifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_verifications" ADD CONSTRAINT "batch_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_batch_picks_batch_idx" ON "pick_batch_picks" USING btree ("batch_id","batch_line_id");--> statement-breakpoint
CREATE INDEX "batch_verifications_subject_idx" ON "batch_verifications" USING btree ("tenant_id","subject_type","subject_id","id");