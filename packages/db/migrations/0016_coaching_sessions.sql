CREATE TABLE "coaching_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_slot_id_coaching_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."coaching_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD CONSTRAINT "coaching_bookings_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_slots" ADD CONSTRAINT "coaching_slots_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_bookings_one_per_slot" ON "coaching_bookings" USING btree ("slot_id") WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX "coaching_bookings_user_id_index" ON "coaching_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coaching_bookings_order_item_id_index" ON "coaching_bookings" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "coaching_slots_starts_at_index" ON "coaching_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "coaching_slots_coach_id_starts_at_index" ON "coaching_slots" USING btree ("coach_id","starts_at");