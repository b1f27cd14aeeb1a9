CREATE TABLE "employer_bank_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" uuid,
	"reference" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_bank_entries_orderId_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "employer_bank_entries_shape" CHECK (("employer_bank_entries"."kind" = 'top_up' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is null)
        or ("employer_bank_entries"."kind" = 'draw' and "employer_bank_entries"."amount_cents" < 0 and "employer_bank_entries"."order_id" is not null)
        or ("employer_bank_entries"."kind" = 'return' and "employer_bank_entries"."amount_cents" > 0 and "employer_bank_entries"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD COLUMN "prepaid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_groups" ADD COLUMN "billing_mode" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_groups" ADD COLUMN "bank_balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD CONSTRAINT "employer_bank_entries_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD CONSTRAINT "employer_bank_entries_order_id_employer_covered_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."employer_covered_orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_bank_entries" ADD CONSTRAINT "employer_bank_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_bank_entries_top_up_reference" ON "employer_bank_entries" USING btree ("group_id","reference") WHERE "employer_bank_entries"."kind" = 'top_up';--> statement-breakpoint
CREATE INDEX "employer_bank_entries_group_id_created_at_index" ON "employer_bank_entries" USING btree ("group_id","created_at");--> statement-breakpoint
ALTER TABLE "employer_groups" ADD CONSTRAINT "employer_groups_billing_mode" CHECK ("employer_groups"."billing_mode" in ('invoice', 'prepaid'));--> statement-breakpoint
ALTER TABLE "employer_groups" ADD CONSTRAINT "employer_groups_bank_balance" CHECK ("employer_groups"."bank_balance_cents" >= 0);