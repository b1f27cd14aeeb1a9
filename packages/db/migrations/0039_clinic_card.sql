CREATE TABLE "clinic_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method" text,
	"card_brand" text,
	"card_last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"pending_setup_id" text,
	"saved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_cards" ADD CONSTRAINT "clinic_cards_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_cards" ADD CONSTRAINT "clinic_cards_saved_by_clinic_members_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_cards_clinic" ON "clinic_cards" USING btree ("clinic_id");