CREATE TABLE "cost_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cost_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prep_material_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prep_material_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"purchase_id" integer,
	"company_id" integer,
	"unit_price" numeric(18, 6),
	"source_type" text,
	"source_id" text,
	"note" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prep_material_movements_quantity_ck" CHECK ("prep_material_movements"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "prep_material_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prep_material_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"supplier" text,
	"reference" text,
	"purchased_on" date NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prep_material_purchases_quantity_ck" CHECK ("prep_material_purchases"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "prep_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prep_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"unit_of_measure" text NOT NULL,
	"cost_group_id" integer,
	"cost_price" numeric(18, 6) NOT NULL,
	"client_price" numeric(18, 6) NOT NULL,
	"last_cost" numeric(18, 6),
	"length_in" numeric(10, 2),
	"width_in" numeric(10, 2),
	"height_in" numeric(10, 2),
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_groups" ADD CONSTRAINT "cost_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_movements" ADD CONSTRAINT "prep_material_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_movements" ADD CONSTRAINT "prep_material_movements_material_id_prep_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."prep_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_movements" ADD CONSTRAINT "prep_material_movements_purchase_id_prep_material_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."prep_material_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_movements" ADD CONSTRAINT "prep_material_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_movements" ADD CONSTRAINT "prep_material_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_purchases" ADD CONSTRAINT "prep_material_purchases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_purchases" ADD CONSTRAINT "prep_material_purchases_material_id_prep_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."prep_materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_material_purchases" ADD CONSTRAINT "prep_material_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_materials" ADD CONSTRAINT "prep_materials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_materials" ADD CONSTRAINT "prep_materials_cost_group_id_cost_groups_id_fk" FOREIGN KEY ("cost_group_id") REFERENCES "public"."cost_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_groups_name_uq" ON "cost_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "prep_material_movements_material_idx" ON "prep_material_movements" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "prep_material_purchases_material_idx" ON "prep_material_purchases" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prep_materials_code_uq" ON "prep_materials" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "prep_materials_cost_group_idx" ON "prep_materials" USING btree ("tenant_id","cost_group_id");