-- A subscription's title (copied from its order's line, which says which test is taken every month
-- or quarter) sealed at rest, the expand step as in 0053 (decision 0078): the sealed twin stays
-- nullable here, though the schema writes it always, because rows written before hold only their
-- clear title until the start seals them with the application's keys (sealColumnsInClear). The
-- contract step (drop "title", set "title_sealed" NOT NULL) comes in a later release, once every
-- deployment has started on this one.
ALTER TABLE "subscriptions" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "title_sealed" text;
