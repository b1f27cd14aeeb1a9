CREATE TABLE "program_retests" (
	"program_order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"retest_order_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_retests_retestOrderId_unique" UNIQUE("retest_order_id"),
	CONSTRAINT "program_retests_programOrderId_sequence_unique" UNIQUE("program_order_id","sequence")
);
--> statement-breakpoint
ALTER TABLE "program_retests" ADD CONSTRAINT "program_retests_program_order_id_orders_id_fk" FOREIGN KEY ("program_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_retests" ADD CONSTRAINT "program_retests_retest_order_id_orders_id_fk" FOREIGN KEY ("retest_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;