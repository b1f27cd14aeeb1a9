CREATE TABLE "result_hold_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"to_number" text,
	"clinician_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kit_slug" text NOT NULL,
	"level" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_reason" text,
	"note_key_id" text,
	"note_ciphertext" text,
	CONSTRAINT "result_holds_orderId_kitSlug_unique" UNIQUE("order_id","kit_slug")
);
--> statement-breakpoint
CREATE TABLE "text_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"template" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_id" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_hold_attempts" ADD CONSTRAINT "result_hold_attempts_hold_id_result_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."result_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_hold_attempts" ADD CONSTRAINT "result_hold_attempts_clinician_id_users_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_holds" ADD CONSTRAINT "result_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_holds" ADD CONSTRAINT "result_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_hold_attempts_hold_id_created_at_index" ON "result_hold_attempts" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "result_holds_status_held_at_index" ON "result_holds" USING btree ("status","held_at");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_dedupe_key" ON "text_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "text_outbox_created_at_index" ON "text_outbox" USING btree ("created_at");