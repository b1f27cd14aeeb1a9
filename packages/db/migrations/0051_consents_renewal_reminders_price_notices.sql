CREATE TABLE "subscription_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_code" text NOT NULL,
	"price_cents" integer NOT NULL,
	"effective_on" date NOT NULL,
	"announced_by" text NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_price_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_change_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"old_price_cents" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "subscription_price_notices_priceChangeId_subscriptionId_unique" UNIQUE("price_change_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_subscriptionId_year_unique" UNIQUE("subscription_id","year")
);
--> statement-breakpoint
CREATE TABLE "order_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"ip_address" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_consents_orderId_kind_unique" UNIQUE("order_id","kind")
);
--> statement-breakpoint
ALTER TABLE "subscription_price_notices" ADD CONSTRAINT "subscription_price_notices_price_change_id_subscription_price_changes_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."subscription_price_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_notices" ADD CONSTRAINT "subscription_price_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_consents" ADD CONSTRAINT "order_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_consents" ADD CONSTRAINT "order_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_price_changes_effective_on_index" ON "subscription_price_changes" USING btree ("effective_on");--> statement-breakpoint
CREATE INDEX "subscription_price_notices_subscription_id_index" ON "subscription_price_notices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "order_consents_user_id_index" ON "order_consents" USING btree ("user_id");