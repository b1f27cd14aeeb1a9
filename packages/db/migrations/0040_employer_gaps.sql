ALTER TABLE "employer_covered_orders" DROP CONSTRAINT "employer_covered_orders_enrollmentId_unique";--> statement-breakpoint
ALTER TABLE "employer_covered_orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_covered_orders_live_enrollment" ON "employer_covered_orders" USING btree ("enrollment_id") WHERE released_at is null;