CREATE TABLE "employer_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_number" integer NOT NULL,
	"order_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "employer_invoice_lines_orderId_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "employer_invoice_lines_sign" CHECK (("employer_invoice_lines"."kind" = 'charge' and "employer_invoice_lines"."amount_cents" >= 0) or ("employer_invoice_lines"."kind" = 'credit' and "employer_invoice_lines"."amount_cents" <= 0))
);
--> statement-breakpoint
CREATE TABLE "employer_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "employer_invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"group_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"total_cents" integer NOT NULL,
	"issuer" text,
	"reference" text,
	"hosted_url" text,
	"pdf" "bytea",
	"issuing_since" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "employer_invoices_groupId_period_unique" UNIQUE("group_id","period"),
	CONSTRAINT "employer_invoices_status" CHECK ("employer_invoices"."status" in ('draft', 'open', 'paid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "employer_invoice_lines" ADD CONSTRAINT "employer_invoice_lines_invoice_id_employer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."employer_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_invoice_lines" ADD CONSTRAINT "employer_invoice_lines_order_id_employer_covered_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."employer_covered_orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_invoices" ADD CONSTRAINT "employer_invoices_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_invoice_lines_invoice_id_index" ON "employer_invoice_lines" USING btree ("invoice_id");