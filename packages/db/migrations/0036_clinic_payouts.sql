CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid,
	"clinic_id" uuid,
	"stripe_account_id" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_affiliateId_unique" UNIQUE("affiliate_id"),
	CONSTRAINT "payout_accounts_clinicId_unique" UNIQUE("clinic_id"),
	CONSTRAINT "payout_accounts_payee" CHECK (num_nonnulls("payout_accounts"."affiliate_id", "payout_accounts"."clinic_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ALTER COLUMN "affiliate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "payouts_clinic_period" UNIQUE("clinic_id","period");--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "payouts_payee" CHECK (num_nonnulls("affiliate_payouts"."affiliate_id", "affiliate_payouts"."clinic_id") = 1);