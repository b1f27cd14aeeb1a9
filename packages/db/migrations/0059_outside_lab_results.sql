CREATE TABLE "outside_lab_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lab_name_sealed" text NOT NULL,
	"collected_on" date NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"key_id" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_set_id" uuid,
	"entered_by" text,
	"entered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lab_results" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "origin" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "outside_lab_sealed" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD COLUMN "collected_on" date;--> statement-breakpoint
ALTER TABLE "outside_lab_reports" ADD CONSTRAINT "outside_lab_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_lab_reports" ADD CONSTRAINT "outside_lab_reports_result_set_id_lab_results_id_fk" FOREIGN KEY ("result_set_id") REFERENCES "public"."lab_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_lab_reports_user_id_uploaded_at_index" ON "outside_lab_reports" USING btree ("user_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "outside_lab_reports_entered_at_uploaded_at_index" ON "outside_lab_reports" USING btree ("entered_at","uploaded_at");--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_results_user_id_index" ON "lab_results" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_origin" CHECK (("lab_results"."origin" = 'order' and "lab_results"."order_id" is not null) or ("lab_results"."origin" = 'outside' and "lab_results"."order_id" is null and "lab_results"."user_id" is not null));