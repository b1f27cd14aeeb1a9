CREATE TABLE "employer_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"invoice_id" uuid,
	"gateway" text NOT NULL,
	"attempt_key" text NOT NULL,
	"gateway_payment_id" text,
	"payment_method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_payments_attemptKey_unique" UNIQUE("attempt_key"),
	CONSTRAINT "employer_payments_gatewayPaymentId_unique" UNIQUE("gateway_payment_id"),
	CONSTRAINT "employer_payments_shape" CHECK (("employer_payments"."purpose" = 'invoice' and "employer_payments"."invoice_id" is not null) or ("employer_payments"."purpose" = 'top_up' and "employer_payments"."invoice_id" is null)),
	CONSTRAINT "employer_payments_amount" CHECK ("employer_payments"."amount_cents" > 0),
	CONSTRAINT "employer_payments_status" CHECK ("employer_payments"."status" in ('started', 'processing', 'requires_action', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "employer_groups" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "employer_groups" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "employer_groups" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD COLUMN "billed_to" jsonb;--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD COLUMN "paid_via" text;--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "employer_payments" ADD CONSTRAINT "employer_payments_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_payments" ADD CONSTRAINT "employer_payments_invoice_id_employer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."employer_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_payments" ADD CONSTRAINT "employer_payments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_payments_group_id_created_at_index" ON "employer_payments" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "employer_payments_invoice_id_index" ON "employer_payments" USING btree ("invoice_id");