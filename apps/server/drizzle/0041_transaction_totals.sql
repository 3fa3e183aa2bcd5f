CREATE TABLE "transaction_totals" (
	"client_id" uuid NOT NULL,
	"sub_entity_id" uuid,
	"span" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"transactions" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	CONSTRAINT "transaction_totals_bucket_unique" UNIQUE NULLS NOT DISTINCT("client_id","span","starts_at","sub_entity_id"),
	CONSTRAINT "transaction_totals_span" CHECK ("transaction_totals"."span" in ('hour', 'day'))
);
--> statement-breakpoint
CREATE INDEX "transaction_totals_span_starts_idx" ON "transaction_totals" USING btree ("span","starts_at");--> statement-breakpoint
-- The contracts gross rule in SQL, as reporting/gross-sql.ts writes it (transaction-totals.db.test.ts
-- holds the two equal): a returned or rejected ACH item is -25.00 even when its payment failed, then a
-- failed payment is 0, then the action mode's sign.
CREATE FUNCTION transaction_gross_cents(pro_pay_status text, payment_status boolean, action_mode text, amount_cents bigint)
RETURNS bigint
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE
    WHEN pro_pay_status IN ('ACHInReturned', 'ACHInRejected') THEN -2500
    WHEN payment_status IS false THEN 0
    WHEN action_mode IN ('settle', 'debit', 'charge', 'apple_pay') THEN amount_cents
    WHEN action_mode IN ('refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund')
      THEN -amount_cents
    ELSE 0 END
$$;
--> statement-breakpoint
-- The totals follow every statement that writes transactions: its rows are grouped by merchant,
-- location and UTC hour and day, added on insert, taken out on delete, both on update. Statement
-- triggers, so a bulk insert costs one grouped upsert, not one per row. The upsert goes in key order
-- so two statements never wait on each other's rows crosswise.
CREATE FUNCTION transaction_totals_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO transaction_totals AS b (client_id, sub_entity_id, span, starts_at, transactions, gross_cents)
    SELECT r.client_id, r.sub_entity_id, s.span, date_trunc(s.span, r.created_at, 'UTC'),
      -count(*) FILTER (WHERE r.payment_status IS DISTINCT FROM false),
      -sum(transaction_gross_cents(r.pro_pay_status::text, r.payment_status, r.action_mode::text, r.amount_cents))
    FROM old_rows r CROSS JOIN (VALUES ('hour'), ('day')) s(span)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 3, 4, 2
    ON CONFLICT (client_id, span, starts_at, sub_entity_id) DO UPDATE
      SET transactions = b.transactions + excluded.transactions, gross_cents = b.gross_cents + excluded.gross_cents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_totals AS b (client_id, sub_entity_id, span, starts_at, transactions, gross_cents)
    SELECT r.client_id, r.sub_entity_id, s.span, date_trunc(s.span, r.created_at, 'UTC'),
      count(*) FILTER (WHERE r.payment_status IS DISTINCT FROM false),
      sum(transaction_gross_cents(r.pro_pay_status::text, r.payment_status, r.action_mode::text, r.amount_cents))
    FROM new_rows r CROSS JOIN (VALUES ('hour'), ('day')) s(span)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 3, 4, 2
    ON CONFLICT (client_id, span, starts_at, sub_entity_id) DO UPDATE
      SET transactions = b.transactions + excluded.transactions, gross_cents = b.gross_cents + excluded.gross_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
-- The transactions recorded before this migration.
INSERT INTO transaction_totals (client_id, sub_entity_id, span, starts_at, transactions, gross_cents)
SELECT r.client_id, r.sub_entity_id, s.span, date_trunc(s.span, r.created_at, 'UTC'),
  count(*) FILTER (WHERE r.payment_status IS DISTINCT FROM false),
  sum(transaction_gross_cents(r.pro_pay_status::text, r.payment_status, r.action_mode::text, r.amount_cents))
FROM transactions r CROSS JOIN (VALUES ('hour'), ('day')) s(span)
GROUP BY 1, 2, 3, 4;
