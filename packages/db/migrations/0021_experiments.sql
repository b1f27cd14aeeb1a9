CREATE TABLE "client_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"page" text NOT NULL,
	"stack" text,
	"release" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_account_visitors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_controls" (
	"experiment_id" text PRIMARY KEY NOT NULL,
	"disabled_variants" text[] DEFAULT '{}' NOT NULL,
	"ended_at" timestamp with time zone,
	"default_variant" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"metric" text NOT NULL,
	"source" text NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_conversions_experimentId_visitorId_metric_source_unique" UNIQUE("experiment_id","visitor_id","metric","source")
);
--> statement-breakpoint
CREATE TABLE "experiment_exposures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"exposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_exposures_experimentId_visitorId_unique" UNIQUE("experiment_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "experiment_account_visitors" ADD CONSTRAINT "experiment_account_visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_occurred_at_index" ON "client_errors" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "experiment_conversions_experiment_id_metric_index" ON "experiment_conversions" USING btree ("experiment_id","metric");--> statement-breakpoint
CREATE INDEX "experiment_exposures_visitor_id_index" ON "experiment_exposures" USING btree ("visitor_id");