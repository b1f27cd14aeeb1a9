ALTER TABLE "affiliate_payouts" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "promotion" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_userId_unique" UNIQUE("user_id");--> statement-breakpoint
-- payouts recorded before this change were paid by the port in the same transaction
UPDATE "affiliate_payouts" SET "status" = 'paid', "paid_at" = "created_at" WHERE "reference" IS NOT NULL;
