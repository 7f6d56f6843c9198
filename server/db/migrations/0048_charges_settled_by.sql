ALTER TABLE "charges" ADD COLUMN "settled_by" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
-- Labels already drawn from Shipping Label Funds are settled by those funds (decision 0019); the
-- ones an invoice claimed before this rule stay on it, and the reconciliation shows the difference.
UPDATE "charges" SET "settled_by" = 'funds' WHERE "details"->>'paidFrom' = 'labelFunds' AND "invoice_id" IS NULL;--> statement-breakpoint
-- A voided label's draw was marked voided; it is now a draw that stands and a refund of it on the
-- day of the void, so each day's funds movements agree with that day's label charges.
INSERT INTO "finance_transactions" ("tenant_id", "company_id", "kind", "category", "method", "amount_cents", "currency", "status", "source_type", "source_id", "note", "created_by", "created_at", "updated_at")
  SELECT "tenant_id", "company_id", 'label_refund', 'SHIPPING', 'funds', "amount_cents", "currency", 'succeeded', "source_type", "source_id", 'Label voided: funds given back', "created_by", "updated_at", "updated_at"
  FROM "finance_transactions" WHERE "kind" = 'label_purchase' AND "status" = 'voided';--> statement-breakpoint
UPDATE "finance_transactions" SET "status" = 'succeeded' WHERE "kind" = 'label_purchase' AND "status" = 'voided';--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_settled_by_ck" CHECK ("charges"."settled_by" in ('invoice', 'funds'));--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_funds_not_invoiced_ck" CHECK ("charges"."settled_by" = 'invoice' or "charges"."invoice_id" is null);
