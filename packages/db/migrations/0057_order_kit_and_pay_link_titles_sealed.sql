-- What an order's kit says about its tests ("Hormone saliva kit"), a clinic's pay link's tests
-- (their titles, with their keys, codes and prices) and an order's timeline steps ("Hormone saliva
-- kit: results ready") sealed at rest, the expand step as in 0053 and 0056 (decision 0072): the
-- sealed twins stay nullable here, though the schema writes the first two always, because rows
-- written before hold only their clear values until the start seals them with the application's
-- keys (sealColumnsInClear). The kit slug stays the kit's clear index and the step's event its own;
-- a pay link keeps none, as nothing reads its tests in SQL. The contract step (drop "title",
-- "items" and "reason", set the first two twins NOT NULL) comes in a later release, once every
-- deployment has started on this one.
ALTER TABLE "order_kits" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_orders" ALTER COLUMN "items" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_kits" ADD COLUMN "title_sealed" text;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD COLUMN "items_sealed" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "reason_sealed" text;
