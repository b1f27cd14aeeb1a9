ALTER TABLE "cart_items" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "frequency" text;