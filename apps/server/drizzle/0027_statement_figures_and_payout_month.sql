-- One definition per statement figure (contracts statement-rules.ts statementFiguresOf): the gross is
-- sales + refunds and voids + chargebacks + adjustments, the net is the gross less the processing fees,
-- and the flat and monthly fees are billed apart, in no net. A settlement group (and its payout) pays
-- the transactions of one statement month, so a statement's payouts are whole payouts.
--
-- Statements posted before: the gross takes its chargebacks and adjustments, the net gives back the
-- flat fees it had taken, the flat fee lines carry no net, and the refunds and voids are summed from
-- the month's transactions by the same rule the posting uses.
ALTER TABLE "statements" ADD COLUMN "refunds_and_voids_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "statements" s SET
    "total_amount_cents" = s.total_amount_cents + s.total_adjustments_cents + s.chargebacks_and_reversals_cents,
    "net_cents" = s.net_cents + coalesce((SELECT sum(l.flat_fee_cents) FROM statement_lines l
      WHERE l.statement_id = s.id AND l.type IN ('Monthly Fee', 'PCI Fee', 'Regulatory Fee', 'Monthly Minimum')), 0),
    "refunds_and_voids_cents" = coalesce((SELECT sum(-t.amount_cents) FROM transactions t
      WHERE t.client_id = s.client_id AND t.created_at >= s.month::timestamp AT TIME ZONE 'UTC'
        AND t.created_at < (s.month + interval '1 month')::timestamp AT TIME ZONE 'UTC'
        AND coalesce(t.pro_pay_status NOT IN ('ACHInReturned', 'ACHInRejected'), true)
        AND t.payment_status IS DISTINCT FROM false
        AND t.action_mode IN ('refund', 'void', 'blind_refund', 'credit', 'terminal_void', 'terminal_refund')), 0);--> statement-breakpoint
UPDATE "statement_lines" SET "net_cents" = 0
  WHERE "type" IN ('Monthly Fee', 'PCI Fee', 'Regulatory Fee', 'Monthly Minimum') AND "transaction_count" = 0;--> statement-breakpoint
DROP INDEX "settlements_client_date_processor_unique";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "statement_month" date;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "statement_month" date;--> statement-breakpoint
-- Groups posted before carry the month of their earliest transaction (one that spans two months stays one).
UPDATE "payouts" p SET "statement_month" = coalesce(
    (SELECT date_trunc('month', min(i.transaction_created_at) AT TIME ZONE 'UTC')::date
      FROM payout_items i WHERE i.payout_id = p.id),
    date_trunc('month', p.payout_date)::date);--> statement-breakpoint
UPDATE "settlements" s SET "statement_month" = coalesce(
    (SELECT p.statement_month FROM payouts p WHERE p.settlement_id = s.id),
    date_trunc('month', s.settlement_date)::date);--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "statement_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "statement_month" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_client_statement_month_idx" ON "payouts" USING btree ("client_id","statement_month");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_client_date_processor_month_unique" ON "settlements" USING btree ("client_id","settlement_date","processor","statement_month");
