-- A member's data archive too large to build while they wait, prepared by the worker and e-mailed
-- as a link (decision 0075, "A large archive"): an expand step only, a table no earlier release reads.
CREATE TABLE "data_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"storage_key" text,
	"key_id" text,
	"size_bytes" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_archives" ADD CONSTRAINT "data_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_archives_user_id_requested_at_index" ON "data_archives" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_archives_status_expires_at_index" ON "data_archives" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_archives_one_preparing" ON "data_archives" USING btree ("user_id") WHERE "data_archives"."status" = 'preparing';