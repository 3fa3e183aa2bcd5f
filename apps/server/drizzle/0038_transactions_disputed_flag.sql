-- A disputed payment's money moves through its dispute, never a void or refund. The flag is set on the
-- payment as its dispute is written, whichever path writes it (the processor's feed, staff's sandbox
-- simulation, the demo seed), so the report's rows can offer only the actions that can succeed
-- without a lookup per row. A dispute is never removed, so neither is the flag.
ALTER TABLE "transactions" ADD COLUMN "is_disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "transactions" t SET "is_disputed" = true FROM "disputes" d
WHERE t.id = d.transaction_id AND t.created_at = d.transaction_created_at;--> statement-breakpoint
CREATE FUNCTION disputes_mark_transaction() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET "is_disputed" = true
  WHERE id = NEW.transaction_id AND created_at = NEW.transaction_created_at;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER disputes_mark_transaction AFTER INSERT ON "disputes"
FOR EACH ROW EXECUTE FUNCTION disputes_mark_transaction();
