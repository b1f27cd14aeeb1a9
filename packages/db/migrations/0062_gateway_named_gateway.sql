-- The payment gateway is called the gateway, never a provider (docs/glossary.md, docs/decisions/0090-the-gateway-is-never-a-provider.md).
-- Expand: each table gets the new columns beside the old ones, filled from them. The release before
-- keeps running during the upgrade and writes only the old names, the new release writes both and
-- reads only the new: the triggers below fill the side a statement left out, so every row has both.
ALTER TABLE "payments" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "clinic_cards" ADD COLUMN "gateway" text;--> statement-breakpoint
UPDATE "payments" SET "gateway" = "provider", "gateway_payment_id" = "provider_payment_id";--> statement-breakpoint
UPDATE "payment_customers" SET "gateway" = "provider";--> statement-breakpoint
UPDATE "payment_events" SET "gateway" = "provider";--> statement-breakpoint
UPDATE "clinic_cards" SET "gateway" = "provider";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "gateway" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ALTER COLUMN "gateway" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "gateway" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_cards" ALTER COLUMN "gateway" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_user_gateway" ON "payment_customers" USING btree ("user_id","gateway");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gatewayPaymentId_unique" UNIQUE("gateway_payment_id");--> statement-breakpoint
-- A row written with one name gets the other: an insert that named one side only, an update that
-- changed one side only. The triggers run before the NOT NULL checks, so the release before's
-- inserts, which name no gateway, pass them. Dropped with the old columns (the contract step).
CREATE FUNCTION gateway_named_twice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.gateway := coalesce(NEW.gateway, NEW.provider);
    NEW.provider := coalesce(NEW.provider, NEW.gateway);
  ELSIF NEW.provider IS DISTINCT FROM OLD.provider AND NEW.gateway IS NOT DISTINCT FROM OLD.gateway THEN
    NEW.gateway := NEW.provider;
  ELSIF NEW.gateway IS DISTINCT FROM OLD.gateway AND NEW.provider IS NOT DISTINCT FROM OLD.provider THEN
    NEW.provider := NEW.gateway;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION gateway_payment_id_named_twice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.gateway_payment_id := coalesce(NEW.gateway_payment_id, NEW.provider_payment_id);
    NEW.provider_payment_id := coalesce(NEW.provider_payment_id, NEW.gateway_payment_id);
  ELSIF NEW.provider_payment_id IS DISTINCT FROM OLD.provider_payment_id
    AND NEW.gateway_payment_id IS NOT DISTINCT FROM OLD.gateway_payment_id THEN
    NEW.gateway_payment_id := NEW.provider_payment_id;
  ELSIF NEW.gateway_payment_id IS DISTINCT FROM OLD.gateway_payment_id
    AND NEW.provider_payment_id IS NOT DISTINCT FROM OLD.provider_payment_id THEN
    NEW.provider_payment_id := NEW.gateway_payment_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_gateway_named_twice BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION gateway_named_twice();--> statement-breakpoint
CREATE TRIGGER payments_gateway_payment_id_named_twice BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION gateway_payment_id_named_twice();--> statement-breakpoint
CREATE TRIGGER payment_customers_gateway_named_twice BEFORE INSERT OR UPDATE ON "payment_customers" FOR EACH ROW EXECUTE FUNCTION gateway_named_twice();--> statement-breakpoint
CREATE TRIGGER payment_events_gateway_named_twice BEFORE INSERT OR UPDATE ON "payment_events" FOR EACH ROW EXECUTE FUNCTION gateway_named_twice();--> statement-breakpoint
CREATE TRIGGER clinic_cards_gateway_named_twice BEFORE INSERT OR UPDATE ON "clinic_cards" FOR EACH ROW EXECUTE FUNCTION gateway_named_twice();
