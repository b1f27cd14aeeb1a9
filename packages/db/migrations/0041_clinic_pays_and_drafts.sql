CREATE TABLE "provider_order_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"practitioner_member_id" uuid,
	"payer" text NOT NULL,
	"item_keys" jsonb NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"note" text,
	"drafted_by" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"provider_order_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "client_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_client_id_clinic_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clinic_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_practitioner_member_id_clinic_members_id_fk" FOREIGN KEY ("practitioner_member_id") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_drafted_by_clinic_members_id_fk" FOREIGN KEY ("drafted_by") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_provider_order_id_provider_orders_id_fk" FOREIGN KEY ("provider_order_id") REFERENCES "public"."provider_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_order_drafts" ADD CONSTRAINT "provider_order_drafts_decided_by_clinic_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_order_drafts_clinic_id_status_index" ON "provider_order_drafts" USING btree ("clinic_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_idempotency" ON "provider_orders" USING btree ("clinic_id","idempotency_key");