-- A clinic webhook endpoint's hint keeps none of its secret (security round 2): hints stored
-- before it kept the secret's first four characters after the whsec_ prefix.
UPDATE "clinic_webhook_endpoints" SET "secret_hint" = 'whsec_' WHERE "secret_hint" <> 'whsec_';
