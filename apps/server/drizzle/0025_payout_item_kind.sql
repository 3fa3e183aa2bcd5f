-- Each payout item records what its transaction was paid as, so a payout's lines are read from what
-- the posting summed. Items posted before are given the kind their transaction reads as now, by the
-- same rule (contracts payoutItemKindOf); their amounts stay as posted.
CREATE TYPE "public"."payout_item_kind" AS ENUM('sale', 'refund', 'void', 'chargeback', 'adjustment');--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "kind" "payout_item_kind";--> statement-breakpoint
UPDATE "payout_items" i SET "kind" = (case
    when t.pro_pay_status in ('ACHInReturned', 'ACHInRejected') then 'adjustment'
    when t.payment_status is false then null
    when t.action_mode in ('settle', 'debit', 'charge', 'apple_pay') then 'sale'
    when t.action_mode = 'reversal' then 'chargeback'
    when t.action_mode in ('void', 'terminal_void') then 'void'
    when t.action_mode in ('refund', 'blind_refund', 'credit', 'terminal_refund') then 'refund'
  end)::payout_item_kind
  FROM "transactions" t
  WHERE t.id = i.transaction_id AND t.created_at = i.transaction_created_at;
