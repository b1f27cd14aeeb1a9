CREATE TABLE "employer_admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" text,
	"user_id" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_admins_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "employer_cart_covers" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"goal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_census_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"member_key" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"employee_id" text,
	"date_of_birth" date NOT NULL,
	"added_in_version" integer NOT NULL,
	"removed_in_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_census_members_groupId_memberKey_unique" UNIQUE("group_id","member_key")
);
--> statement-breakpoint
CREATE TABLE "employer_census_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"row_count" integer NOT NULL,
	"added" integer NOT NULL,
	"removed" integer NOT NULL,
	"changed" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_census_uploads_groupId_version_unique" UNIQUE("group_id","version")
);
--> statement-breakpoint
CREATE TABLE "employer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_by_user_id" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_codes_codeHash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "employer_covered_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"plan_year_start" date NOT NULL,
	"covered_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_covered_orders_enrollmentId_unique" UNIQUE("enrollment_id")
);
--> statement-breakpoint
CREATE TABLE "employer_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_year_start" date NOT NULL,
	"method" text NOT NULL,
	"code_id" uuid,
	"census_member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_enrollments_codeId_unique" UNIQUE("code_id"),
	CONSTRAINT "employer_enrollments_groupId_userId_planYearStart_unique" UNIQUE("group_id","user_id","plan_year_start")
);
--> statement-breakpoint
CREATE TABLE "employer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_text" text NOT NULL,
	"goals" jsonb NOT NULL,
	"cover_cents" integer,
	"includes_program" boolean DEFAULT false NOT NULL,
	"cap_employees" integer,
	"cap_spend_cents" integer,
	"plan_year_start" date NOT NULL,
	"plan_year_end" date NOT NULL,
	"eligibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "employer_admins" ADD CONSTRAINT "employer_admins_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_admins" ADD CONSTRAINT "employer_admins_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_admins" ADD CONSTRAINT "employer_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_cart_covers" ADD CONSTRAINT "employer_cart_covers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_cart_covers" ADD CONSTRAINT "employer_cart_covers_enrollment_id_employer_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."employer_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_census_members" ADD CONSTRAINT "employer_census_members_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_census_uploads" ADD CONSTRAINT "employer_census_uploads_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_census_uploads" ADD CONSTRAINT "employer_census_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_codes" ADD CONSTRAINT "employer_codes_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_codes" ADD CONSTRAINT "employer_codes_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD CONSTRAINT "employer_covered_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD CONSTRAINT "employer_covered_orders_enrollment_id_employer_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."employer_enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD CONSTRAINT "employer_covered_orders_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_enrollments" ADD CONSTRAINT "employer_enrollments_group_id_employer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."employer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_enrollments" ADD CONSTRAINT "employer_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_enrollments" ADD CONSTRAINT "employer_enrollments_code_id_employer_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."employer_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_enrollments" ADD CONSTRAINT "employer_enrollments_census_member_id_employer_census_members_id_fk" FOREIGN KEY ("census_member_id") REFERENCES "public"."employer_census_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_admins_group_id_index" ON "employer_admins" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "employer_admins_user_id_index" ON "employer_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employer_codes_group_id_batch_index" ON "employer_codes" USING btree ("group_id","batch");--> statement-breakpoint
CREATE INDEX "employer_covered_orders_group_id_created_at_index" ON "employer_covered_orders" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employer_enrollments_census_member_year" ON "employer_enrollments" USING btree ("census_member_id","plan_year_start") WHERE census_member_id is not null;