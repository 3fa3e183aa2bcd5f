-- What may be paid only once (a one-time payment link's identity) is held by the one payment attempt
-- that is pending or settled: a second attempt on it cannot be recorded, a failed one lets it go.
ALTER TABLE "payment_attempts" ADD COLUMN "once_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_once_key_unique" ON "payment_attempts" USING btree ("once_key") WHERE state <> 'failed';