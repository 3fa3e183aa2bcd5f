-- Internal reports: named, read-only views over Portico's own data in their own schema,
-- so a reporting login can be granted this schema alone. Money stays integer cents here (columns end in
-- _cents); the API turns it into decimal strings. Times are ISO 8601 UTC text, the same from both drivers. Every view is bounded in time (transactions are
-- partitioned by month, and the window lets the planner skip old partitions).
CREATE SCHEMA IF NOT EXISTS "reporting";
--> statement-breakpoint
-- Per merchant and UTC month, the last 13 months: gross (sales add, undoing types subtract: the rule of
-- the seed's derived ledgers), fees of the payments that went through, and the counts.
CREATE VIEW "reporting"."merchant_volume_by_month" AS
SELECT
  to_char(date_trunc('month', t.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
  t.client_id,
  c.name AS merchant,
  p.name AS parent,
  count(*)::int AS transaction_count,
  (count(*) FILTER (WHERE t.payment_status IS NOT FALSE))::int AS approved_count,
  (count(*) FILTER (WHERE t.payment_status IS FALSE))::int AS declined_count,
  coalesce(sum(CASE
    WHEN t.payment_status IS FALSE THEN 0
    WHEN t.pro_pay_status IN ('ACHInReturned', 'ACHInRejected') THEN -2500
    WHEN t.action_mode IN ('settle', 'debit', 'charge', 'apple_pay') THEN t.amount_cents
    WHEN t.action_mode IN ('refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund')
      THEN -t.amount_cents
    ELSE 0 END), 0)::bigint AS gross_cents,
  coalesce(sum(t.fee_cents) FILTER (WHERE t.payment_status IS NOT FALSE), 0)::bigint AS fee_cents
FROM "transactions" t
JOIN "clients" c ON c.id = t.client_id
LEFT JOIN "clients" p ON p.id = c.parent_id
WHERE t.created_at >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '12 months') AT TIME ZONE 'UTC'
GROUP BY 1, t.client_id, c.name, p.name;
--> statement-breakpoint
-- Declined and failed payments by UTC month, processor, method, brand and the processor's answer.
CREATE VIEW "reporting"."declines_by_reason" AS
SELECT
  to_char(date_trunc('month', t.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
  coalesce(nullif(t.status, ''), CASE WHEN t.request_status IS FALSE THEN 'Error' ELSE 'Declined' END) AS reason,
  t.third_party_api_response ->> 'AUTH_RESP' AS response_code,
  t.processor::text AS processor,
  t.payment_method,
  t.card_brand,
  count(*)::int AS decline_count,
  count(DISTINCT t.client_id)::int AS merchant_count,
  coalesce(sum(t.amount_cents), 0)::bigint AS declined_amount_cents
FROM "transactions" t
WHERE t.created_at >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '12 months') AT TIME ZONE 'UTC'
  AND (t.payment_status IS FALSE OR t.request_status IS FALSE)
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- The enrollment pipeline: how many applications sit in each type, decision, onboarding stage and KYC
-- outcome (null statuses are a fresh application: 'NEW', 'new', 'not run').
CREATE VIEW "reporting"."enrollments_by_status" AS
SELECT
  e.application_type::text AS application_type,
  coalesce(e.application_status::text, 'NEW') AS application_status,
  coalesce(e.status::text, 'new') AS onboarding_status,
  coalesce(e.kyc_status::text, 'not run') AS kyc_status,
  count(*)::int AS enrollment_count,
  to_char(min(e.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS oldest_created_at,
  to_char(max(e.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_activity_at
FROM "enrollments" e
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Risk: payments of the last 30 days above their merchant's high-ticket limit (client_configs).
CREATE VIEW "reporting"."high_ticket_transactions" AS
SELECT
  t.id AS transaction_id,
  to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  t.client_id,
  c.name AS merchant,
  t.amount_cents,
  cc.high_ticket_cents AS high_ticket_limit_cents,
  t.payment_method,
  t.card_brand,
  t.processor::text AS processor,
  t.status
FROM "transactions" t
JOIN "clients" c ON c.id = t.client_id
JOIN "client_configs" cc ON cc.client_id = t.client_id
WHERE t.created_at >= now() - interval '30 days'
  AND t.payment_status IS NOT FALSE
  AND t.action_mode IN ('settle', 'debit', 'charge', 'apple_pay')
  AND t.amount_cents > cc.high_ticket_cents;
--> statement-breakpoint
-- Risk: merchants frozen and unfrozen in the last 13 months, with who did it and why, and whether the
-- merchant may transact today.
CREATE VIEW "reporting"."merchant_status_changes" AS
SELECT
  to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at,
  h.client_id,
  c.name AS merchant,
  h.status::text AS status,
  h.reason,
  u.email AS changed_by,
  c.is_active AS is_active_now
FROM "merchant_status_history" h
JOIN "clients" c ON c.id = h.client_id
LEFT JOIN "users" u ON u.id = h.changed_by_user_id
WHERE h.created_at >= now() - interval '13 months';
--> statement-breakpoint
-- Payouts by month, processor and status, the last 13 months.
CREATE VIEW "reporting"."payouts_by_month" AS
SELECT
  to_char(p.payout_date, 'YYYY-MM') AS month,
  p.processor::text AS processor,
  p.status::text AS status,
  count(*)::int AS payout_count,
  count(DISTINCT p.client_id)::int AS merchant_count,
  coalesce(sum(p.amount_cents), 0)::bigint AS amount_cents
FROM "payouts" p
WHERE p.payout_date >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '12 months')::date
GROUP BY 1, 2, 3;
