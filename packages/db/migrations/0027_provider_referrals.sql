CREATE TABLE "provider_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_clinic_id" uuid NOT NULL,
	"referred_by_user_id" text,
	"provider_email" text NOT NULL,
	"provider_first_name" text NOT NULL,
	"provider_last_name" text NOT NULL,
	"provider_type" text NOT NULL,
	"referred_clinic_id" uuid,
	"rewarded_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_ledger" DROP CONSTRAINT "reward_ledger_owner";--> statement-breakpoint
ALTER TABLE "reward_ledger" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_referrals" ADD CONSTRAINT "provider_referrals_referrer_clinic_id_clinics_id_fk" FOREIGN KEY ("referrer_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_referrals" ADD CONSTRAINT "provider_referrals_referred_by_user_id_users_id_fk" FOREIGN KEY ("referred_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_referrals" ADD CONSTRAINT "provider_referrals_referred_clinic_id_clinics_id_fk" FOREIGN KEY ("referred_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_referrals" ADD CONSTRAINT "provider_referrals_rewarded_order_id_orders_id_fk" FOREIGN KEY ("rewarded_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_referrals_once_per_clinic_and_address" ON "provider_referrals" USING btree ("referrer_clinic_id","provider_email");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_referrals_one_referrer" ON "provider_referrals" USING btree ("referred_clinic_id");--> statement-breakpoint
CREATE INDEX "provider_referrals_provider_email_index" ON "provider_referrals" USING btree ("provider_email");--> statement-breakpoint
ALTER TABLE "reward_ledger" ADD CONSTRAINT "reward_ledger_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_ledger" ADD CONSTRAINT "reward_ledger_owner" CHECK (num_nonnulls("reward_ledger"."affiliate_id", "reward_ledger"."referrer_user_id", "reward_ledger"."clinic_id") = 1);