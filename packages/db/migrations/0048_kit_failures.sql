CREATE TABLE "kit_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kit_id" uuid NOT NULL,
	"kit_slug" text NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"note" text,
	"outcome" text NOT NULL,
	"actor" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_kits" ADD COLUMN "sample_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_kits" ADD COLUMN "replacements" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kits" ADD COLUMN "last_failure" text;--> statement-breakpoint
ALTER TABLE "kit_failures" ADD CONSTRAINT "kit_failures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_failures" ADD CONSTRAINT "kit_failures_kit_id_order_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."order_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_failures_kit_id_index" ON "kit_failures" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "kit_failures_outcome_resolved_at_index" ON "kit_failures" USING btree ("outcome","resolved_at");