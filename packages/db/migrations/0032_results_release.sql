ALTER TABLE "clinics" ALTER COLUMN "settings" SET DEFAULT '{"allClientsVisible":false,"resultsRelease":"automatic"}'::jsonb;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_release" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_released_by" uuid;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_note" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_results_released_by_clinic_members_id_fk" FOREIGN KEY ("results_released_by") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- results the client could read before release existed stay theirs: an order with any entered results counts as released
UPDATE "provider_orders" SET "results_release" = 'released', "results_released_at" = now()
WHERE "order_id" IN (SELECT "order_id" FROM "lab_results");
