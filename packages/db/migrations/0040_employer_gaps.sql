ALTER TABLE "employer_covered_orders" DROP CONSTRAINT "employer_covered_orders_enrollmentId_unique";--> statement-breakpoint
ALTER TABLE "employer_bank_entries" DROP CONSTRAINT "employer_bank_entries_shape";--> statement-breakpoint
ALTER TABLE "employer_invoice_lines" DROP CONSTRAINT "employer_invoice_lines_sign";--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD COLUMN "guarantee_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_covered_orders_live_enrollment" ON "employer_covered_orders" USING btree ("enrollment_id") WHERE released_at is null;--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD CONSTRAINT "employer_bank_entries_shape" CHECK (("employer_bank_entries"."kind" = 'top_up' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is null)
        or ("employer_bank_entries"."kind" = 'draw' and "employer_bank_entries"."amount_cents" < 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'return' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'guarantee' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'correction' and "employer_bank_entries"."amount_cents" < 0 and "employer_bank_entries"."order_id" is null and "employer_bank_entries"."reference" is not null and "employer_bank_entries"."reason" is not null));--> statement-breakpoint
ALTER TABLE "employer_invoice_lines" ADD CONSTRAINT "employer_invoice_lines_sign" CHECK (("employer_invoice_lines"."kind" = 'charge' and "employer_invoice_lines"."amount_cents" >= 0) or ("employer_invoice_lines"."kind" in ('credit', 'guarantee') and "employer_invoice_lines"."amount_cents" <= 0));