ALTER TABLE "quiz_results" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_results" ADD COLUMN "areas" jsonb DEFAULT '[]'::jsonb NOT NULL;