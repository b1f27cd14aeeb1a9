CREATE TABLE "provider_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"payer" text DEFAULT 'client' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"items" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"cart_id" uuid,
	"order_id" uuid,
	"client_user_id" text,
	"paid_at" timestamp with time zone,
	"paid_elsewhere_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_client_id_clinic_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clinic_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_created_by_clinic_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."clinic_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_token" ON "provider_orders" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_cart" ON "provider_orders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_order" ON "provider_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "provider_orders_clinic_id_client_id_index" ON "provider_orders" USING btree ("clinic_id","client_id");