-- A declined payment keeps the processor's response code beside its reason, so the payer's answer
-- (also a replayed or reconciled one) says the reason in words.
ALTER TABLE "payment_attempts" ADD COLUMN "processor_code" text;