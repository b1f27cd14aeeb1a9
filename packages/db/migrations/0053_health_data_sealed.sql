-- Health data sealed at rest, the expand step (decision 0072): each clear column gets a sealed
-- twin, and the clear one may be empty. The twins stay nullable here (the schema says NOT NULL for
-- what the app writes): rows written before hold only their clear value until the start seals them
-- in TypeScript with the application's keys (sealColumnsInClear). A later migration drops the
-- clear columns and sets NOT NULL, once every deployment has started on this one.
ALTER TABLE "quiz_results" ALTER COLUMN "answers" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_results" ALTER COLUMN "title" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "quiz_results" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_results" ALTER COLUMN "areas" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "quiz_results" ALTER COLUMN "areas" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "sex" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "conditions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "conditions" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "medications" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "medical_profiles" ALTER COLUMN "medications" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "food_log_entries" ALTER COLUMN "food" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "result_holds" ALTER COLUMN "level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "text_outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kit_failures" ALTER COLUMN "cause" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD COLUMN "answers_sealed" text;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD COLUMN "title_sealed" text;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD COLUMN "areas_sealed" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "title_sealed" text;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD COLUMN "date_of_birth_sealed" text;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD COLUMN "sex_sealed" text;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD COLUMN "conditions_sealed" text;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD COLUMN "medications_sealed" text;--> statement-breakpoint
ALTER TABLE "food_log_entries" ADD COLUMN "food_sealed" text;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "body_sealed" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "results_note_sealed" text;--> statement-breakpoint
ALTER TABLE "result_holds" ADD COLUMN "level_sealed" text;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD COLUMN "body_sealed" text;--> statement-breakpoint
ALTER TABLE "kit_failures" ADD COLUMN "cause_sealed" text;--> statement-breakpoint
ALTER TABLE "kit_failures" ADD COLUMN "note_sealed" text;