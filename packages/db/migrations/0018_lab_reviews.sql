CREATE TABLE "lab_review_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"key_id" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reviewer_id" text,
	"plan_key_id" text,
	"plan_ciphertext" text,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lab_review_files" ADD CONSTRAINT "lab_review_files_review_id_lab_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."lab_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reviews" ADD CONSTRAINT "lab_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reviews" ADD CONSTRAINT "lab_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reviews" ADD CONSTRAINT "lab_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_review_files_review_id_index" ON "lab_review_files" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reviews_order_id_index" ON "lab_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lab_reviews_user_id_index" ON "lab_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lab_reviews_delivered_at_due_at_index" ON "lab_reviews" USING btree ("delivered_at","due_at");