CREATE TABLE "job_effects" (
	"key" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tenant_id" integer,
	"started_by" integer,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"progress_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_tenant_idx" ON "job_runs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_user_idx" ON "job_runs" USING btree ("started_by");