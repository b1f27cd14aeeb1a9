ALTER TABLE "provider_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "client_told_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_idempotency" ON "provider_orders" USING btree ("clinic_id","idempotency_key");