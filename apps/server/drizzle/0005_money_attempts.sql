CREATE TYPE "public"."payment_attempt_state" AS ENUM('pending', 'settled', 'failed');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"operation" text NOT NULL,
	"transaction_id" uuid,
	"result_transaction_id" uuid,
	"client_id" uuid,
	"amount_cents" bigint NOT NULL,
	"processor" text NOT NULL,
	"state" "payment_attempt_state" DEFAULT 'pending' NOT NULL,
	"processor_reference" text,
	"processor_reason" text,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_ledger" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"operation" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reference" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_processor_ledger_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_user_key_unique" ON "payment_attempts" USING btree ("user_id","idempotency_key") WHERE state <> 'failed';--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("transaction_id") WHERE state = 'pending';