ALTER TABLE "orders" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_label" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;