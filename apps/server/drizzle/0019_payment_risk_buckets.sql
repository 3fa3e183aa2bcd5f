CREATE TABLE "payment_risk_buckets" (
	"client_id" uuid NOT NULL,
	"span" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"n" bigint NOT NULL,
	"total" numeric NOT NULL,
	"squares" numeric NOT NULL,
	CONSTRAINT "payment_risk_buckets_client_id_span_starts_at_pk" PRIMARY KEY("client_id","span","starts_at"),
	CONSTRAINT "payment_risk_buckets_span" CHECK ("payment_risk_buckets"."span" in ('minute', 'hour', 'day'))
);
--> statement-breakpoint
-- The payments the risk rules count: the types of contracts' paymentRailOfTransactionType, not declined
-- (payment-risk-buckets.db.test.ts holds the list equal). A plain SQL function, so it is inlined.
CREATE FUNCTION is_risk_payment(type text, payment_status boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT type IN ('cc', 'card', 'terminal', 'charge', 'authorize', 'terminal_charge', 'debit', 'ach', 'cash') AND payment_status IS DISTINCT FROM false
$$;
--> statement-breakpoint
-- The buckets follow every statement that writes transactions: its rows (the risk rules' payment
-- types, not declined) are grouped by merchant and UTC minute, hour and day, added on insert, taken
-- out on delete, both on update. Statement triggers, so a bulk insert (the seed, an import) costs one
-- grouped upsert, not one per row.
CREATE FUNCTION payment_risk_buckets_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_risk_buckets AS b (client_id, span, starts_at, n, total, squares)
    SELECT r.client_id, s.span, date_trunc(s.span, r.created_at, 'UTC'), -count(*),
      -sum(r.amount_cents::numeric), -sum(r.amount_cents::numeric * r.amount_cents)
    FROM old_rows r CROSS JOIN (VALUES ('minute'), ('hour'), ('day')) s(span)
    WHERE is_risk_payment(r.type::text, r.payment_status)
    GROUP BY 1, 2, 3
    ON CONFLICT (client_id, span, starts_at) DO UPDATE
      SET n = b.n + excluded.n, total = b.total + excluded.total, squares = b.squares + excluded.squares;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_risk_buckets AS b (client_id, span, starts_at, n, total, squares)
    SELECT r.client_id, s.span, date_trunc(s.span, r.created_at, 'UTC'), count(*),
      sum(r.amount_cents::numeric), sum(r.amount_cents::numeric * r.amount_cents)
    FROM new_rows r CROSS JOIN (VALUES ('minute'), ('hour'), ('day')) s(span)
    WHERE is_risk_payment(r.type::text, r.payment_status)
    GROUP BY 1, 2, 3
    ON CONFLICT (client_id, span, starts_at) DO UPDATE
      SET n = b.n + excluded.n, total = b.total + excluded.total, squares = b.squares + excluded.squares;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_risk_buckets_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_risk_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_risk_buckets_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_risk_buckets_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_risk_buckets_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_risk_buckets_apply();
--> statement-breakpoint
-- The payments recorded before this migration.
INSERT INTO payment_risk_buckets (client_id, span, starts_at, n, total, squares)
SELECT r.client_id, s.span, date_trunc(s.span, r.created_at, 'UTC'), count(*),
  sum(r.amount_cents::numeric), sum(r.amount_cents::numeric * r.amount_cents)
FROM transactions r CROSS JOIN (VALUES ('minute'), ('hour'), ('day')) s(span)
WHERE is_risk_payment(r.type::text, r.payment_status)
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A payment's trailing sums at p_at (risk.repository.ts paymentRiskFiguresSql): over the merchant's
-- payments of [p_trailing_start, p_at] (n, total, squares) and of [p_hour_start, p_at] (hour_n),
-- exactly as a scan of the rows, read from the rows of the partial minute each window starts with,
-- the buckets from there on (minutes up to the next hour, hours up to the next day, days), less the
-- rows dated after p_at, which the buckets hold too. The boundaries come from the caller. A function
-- so that its plan is kept: as a prepared statement of its own, PostgreSQL re-planned it on every call,
-- a generic plan over the partitioned transactions being estimated at every partition's cost.
CREATE FUNCTION payment_risk_sums(
  p_client uuid, p_at timestamptz, p_trailing_start timestamptz, p_trailing_minute timestamptz,
  p_trailing_hour timestamptz, p_trailing_day timestamptz, p_hour_start timestamptz,
  p_hour_minute timestamptz,
  OUT n numeric, OUT total numeric, OUT squares numeric, OUT hour_n numeric)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  SELECT sum(p.n), sum(p.total), sum(p.squares), sum(p.hour_n) INTO n, total, squares, hour_n
  FROM (
    SELECT count(*)::numeric, sum(t.amount_cents::numeric), sum(t.amount_cents::numeric * t.amount_cents), 0::numeric
    FROM transactions t
    WHERE t.client_id = p_client AND t.created_at >= p_trailing_start AND t.created_at < p_trailing_minute
      AND is_risk_payment(t.type::text, t.payment_status)
    UNION ALL
    SELECT sum(b.n)::numeric, sum(b.total), sum(b.squares), 0 FROM payment_risk_buckets b
    WHERE b.client_id = p_client AND b.span = 'minute' AND b.starts_at >= p_trailing_minute AND b.starts_at < p_trailing_hour
    UNION ALL
    SELECT sum(b.n)::numeric, sum(b.total), sum(b.squares), 0 FROM payment_risk_buckets b
    WHERE b.client_id = p_client AND b.span = 'hour' AND b.starts_at >= p_trailing_hour AND b.starts_at < p_trailing_day
    UNION ALL
    SELECT sum(b.n)::numeric, sum(b.total), sum(b.squares), 0 FROM payment_risk_buckets b
    WHERE b.client_id = p_client AND b.span = 'day' AND b.starts_at >= p_trailing_day
    UNION ALL
    SELECT 0, 0, 0, count(*) FROM transactions t
    WHERE t.client_id = p_client AND t.created_at >= p_hour_start AND t.created_at < p_hour_minute
      AND is_risk_payment(t.type::text, t.payment_status)
    UNION ALL
    SELECT 0, 0, 0, sum(b.n) FROM payment_risk_buckets b
    WHERE b.client_id = p_client AND b.span = 'minute' AND b.starts_at >= p_hour_minute
    UNION ALL
    SELECT -count(*), -sum(t.amount_cents::numeric), -sum(t.amount_cents::numeric * t.amount_cents), -count(*)
    FROM transactions t
    WHERE t.client_id = p_client AND t.created_at > p_at
      AND is_risk_payment(t.type::text, t.payment_status)
  ) p (n, total, squares, hour_n);
END
$$;
