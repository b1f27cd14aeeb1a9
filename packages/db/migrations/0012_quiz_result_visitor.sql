ALTER TABLE "quiz_results" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
-- a browser's quiz cookie held its latest result's id until now: that id becomes the result's visitor id, so the cookie still reads it
UPDATE "quiz_results" SET "visitor_id" = "id";--> statement-breakpoint
CREATE INDEX "quiz_results_visitor_id_created_at_index" ON "quiz_results" USING btree ("visitor_id","created_at");
