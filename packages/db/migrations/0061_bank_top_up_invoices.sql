ALTER TABLE "employer_invoices" DROP CONSTRAINT "employer_invoices_groupId_period_unique";--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD COLUMN "kind" text DEFAULT 'covered_orders' NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_invoices_covered_orders_period" ON "employer_invoices" USING btree ("group_id","period") WHERE "employer_invoices"."kind" = 'covered_orders';--> statement-breakpoint
CREATE UNIQUE INDEX "employer_invoices_request_key" ON "employer_invoices" USING btree ("group_id","request_key");--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD CONSTRAINT "employer_invoices_kind" CHECK (("employer_invoices"."kind" = 'covered_orders' and "employer_invoices"."request_key" is null) or ("employer_invoices"."kind" = 'bank_top_up' and "employer_invoices"."request_key" is not null and "employer_invoices"."total_cents" > 0));