ALTER TABLE "coaching_bookings" ADD COLUMN "meeting_room" text;--> statement-breakpoint
ALTER TABLE "coaching_bookings" ADD COLUMN "meeting_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_bookings_meeting_room" ON "coaching_bookings" USING btree ("meeting_room");