ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "test_gateway_charges" ADD COLUMN "card_fingerprint" text;