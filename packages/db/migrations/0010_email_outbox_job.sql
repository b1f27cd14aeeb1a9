ALTER TABLE "email_outbox" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_job_id_delivered" ON "email_outbox" USING btree ("job_id") WHERE status <> 'failed';