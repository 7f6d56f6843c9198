CREATE TABLE "fbm_sku_boxes" (
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sku" text NOT NULL,
	"length_in" double precision NOT NULL,
	"width_in" double precision NOT NULL,
	"height_in" double precision NOT NULL,
	"weight_lb" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbm_sku_boxes_tenant_id_company_id_sku_pk" PRIMARY KEY("tenant_id","company_id","sku")
);
--> statement-breakpoint
ALTER TABLE "fbm_sku_boxes" ADD CONSTRAINT "fbm_sku_boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbm_sku_boxes" ADD CONSTRAINT "fbm_sku_boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;