CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_member_id_created_at_index" ON "audit_log" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_created_at_index" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
-- The audit log, append-only and chained (docs/decisions/0073-an-audit-log-nobody-can-rewrite.md).
-- A line's hash covers its place, the hash of the line before it and everything it says.
CREATE FUNCTION audit_log_row_hash(line audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    line.seq, line.prev_hash, line.id, line.actor_id, line.actor_role, line.action, line.subject_type,
    line.subject_id, line.member_id, line.detail, line.ip,
    to_char(line.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- the lines written before the chain: the members whose results they read, then their places and hashes
UPDATE "audit_log" AS a SET "member_id" = o."user_id" FROM "orders" AS o
  WHERE a."subject_type" = 'results' AND a."subject_id" = o."id"::text;
--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
DO $$
DECLARE
  line audit_log;
  place bigint := 0;
  last_hash text := repeat('0', 64);
BEGIN
  FOR line IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
    place := place + 1;
    line.seq := place;
    line.prev_hash := last_hash;
    last_hash := audit_log_row_hash(line);
    UPDATE audit_log SET seq = place, prev_hash = line.prev_hash, hash = last_hash WHERE id = line.id;
  END LOOP;
  UPDATE audit_chain_head SET seq = place, hash = last_hash WHERE id = 1;
END $$;
--> statement-breakpoint
-- Each new line takes the next place after the head, locking the head's row until its transaction
-- ends: two transactions writing to the log follow one another, and the chain stays one line.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  UPDATE audit_chain_head SET seq = seq + 1 WHERE id = 1 RETURNING * INTO head;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the audit chain has no head';
  END IF;
  NEW.seq := head.seq;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_log_row_hash(NEW);
  UPDATE audit_chain_head SET hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- the head moves only forward, by the insert trigger: it is never deleted
CREATE TRIGGER audit_chain_head_kept BEFORE DELETE ON audit_chain_head FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
