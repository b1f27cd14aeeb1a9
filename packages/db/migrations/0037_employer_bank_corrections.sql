ALTER TABLE "employer_bank_entries" DROP CONSTRAINT "employer_bank_entries_shape";--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD CONSTRAINT "employer_bank_entries_shape" CHECK (("employer_bank_entries"."kind" = 'top_up' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is null)
        or ("employer_bank_entries"."kind" = 'draw' and "employer_bank_entries"."amount_cents" < 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'return' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'correction' and "employer_bank_entries"."amount_cents" < 0 and "employer_bank_entries"."order_id" is null and "employer_bank_entries"."reference" is not null and "employer_bank_entries"."reason" is not null));