ALTER TABLE "subscription_charges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "next_attempt_on" date;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "is_notice_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscription_charges_notice_pending_idx" ON "subscription_charges" USING btree ("subscription_id") WHERE "subscription_charges"."is_notice_pending";