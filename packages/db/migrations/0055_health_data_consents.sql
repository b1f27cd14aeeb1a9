CREATE TABLE "health_data_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"visitor_id" uuid,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "health_data_consents" ADD CONSTRAINT "health_data_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_data_consents_user_id_kind_index" ON "health_data_consents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "health_data_consents_visitor_id_kind_index" ON "health_data_consents" USING btree ("visitor_id","kind");