ALTER TABLE "email_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
-- What was stored before secrets were sealed: the reset links and gift codes in the outbox's
-- bodies are removed (a reset link that old has expired; a gift's recipient keeps the e-mail
-- they were sent, and the purchaser's gift stays redeemable by it)
UPDATE "email_outbox" SET
  "text" = regexp_replace(regexp_replace(regexp_replace("text",
    '/new-password\?token=[^\s"<&]+', '/new-password?token=[removed]', 'g'),
    'checkout-gift-receiver\?code=[^\s"<&]+', 'checkout-gift-receiver?code=[removed]', 'g'),
    'Your gift code: [0-9A-Za-z-]+', 'Your gift code: [removed]', 'g'),
  "html" = regexp_replace(regexp_replace(regexp_replace("html",
    '/new-password\?token=[^\s"<&]+', '/new-password?token=[removed]', 'g'),
    'checkout-gift-receiver\?code=[^\s"<&]+', 'checkout-gift-receiver?code=[removed]', 'g'),
    'Your gift code: [0-9A-Za-z-]+', 'Your gift code: [removed]', 'g')
WHERE "text" ~ '(new-password\?token=|checkout-gift-receiver\?code=|Your gift code: )';--> statement-breakpoint
-- An e-mail job that is over keeps no body: what it sent is in the outbox (or went by SMTP). A
-- queued one keeps its body until it is sent, and then loses it the same way.
UPDATE "jobs" SET "payload" = "payload" - 'text' - 'html' - 'sealed'
WHERE "name" = 'email.send' AND "status" IN ('done', 'failed');
