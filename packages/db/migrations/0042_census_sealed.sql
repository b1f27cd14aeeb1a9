ALTER TABLE "employer_census_members" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_census_members" ALTER COLUMN "last_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_census_members" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_census_members" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "employer_census_members" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "employer_census_members" ADD COLUMN "email_index" text;--> statement-breakpoint
ALTER TABLE "employer_census_members" ADD COLUMN "employee_id_index" text;--> statement-breakpoint
CREATE INDEX "employer_census_members_group_id_email_index_index" ON "employer_census_members" USING btree ("group_id","email_index");--> statement-breakpoint
CREATE INDEX "employer_census_members_group_id_employee_id_index_index" ON "employer_census_members" USING btree ("group_id","employee_id_index");