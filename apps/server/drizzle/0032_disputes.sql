CREATE TYPE "public"."dispute_category" AS ENUM('fraud', 'not_received', 'not_as_described', 'duplicate', 'credit_not_processed', 'subscription_cancelled');--> statement-breakpoint
CREATE TYPE "public"."dispute_event_kind" AS ENUM('inquiry_opened', 'chargeback_opened', 'evidence_submitted', 'accepted', 'won', 'lost', 'expired');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('inquiry', 'needs_response', 'under_review', 'won', 'lost', 'accepted', 'expired');--> statement-breakpoint
CREATE TYPE "public"."dispute_evidence_kind" AS ENUM('receipt', 'proof_of_delivery', 'customer_communication', 'refund_policy', 'cancellation_policy', 'prior_undisputed_payments', 'other');--> statement-breakpoint
CREATE TABLE "dispute_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"processor_event_id" text NOT NULL,
	"kind" "dispute_event_kind" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" "dispute_evidence_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_created_at" timestamp with time zone NOT NULL,
	"processor_case_id" text NOT NULL,
	"status" "dispute_status" NOT NULL,
	"category" "dispute_category" NOT NULL,
	"reason_code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card_brand" text,
	"last4" text,
	"customer_name" text,
	"opened_at" timestamp with time zone NOT NULL,
	"respond_by" timestamp with time zone,
	"chargeback_transaction_id" uuid,
	"chargeback_created_at" timestamp with time zone,
	"credit_transaction_id" uuid,
	"explanation" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"scanned_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_disputes" (
	"case_id" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_created_at" timestamp with time zone NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"category" "dispute_category" NOT NULL,
	"inquiry_at" timestamp with time zone,
	"chargeback_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"response" text,
	"evidence_kinds" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispute_events" ADD CONSTRAINT "dispute_events_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_events_processor_event_unique" ON "dispute_events" USING btree ("processor_event_id");--> statement-breakpoint
CREATE INDEX "dispute_events_dispute_idx" ON "dispute_events" USING btree ("dispute_id","occurred_at");--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_processor_case_unique" ON "disputes" USING btree ("processor_case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_transaction_unique" ON "disputes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "disputes_client_opened_idx" ON "disputes" USING btree ("client_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_awaiting_respond_by_idx" ON "disputes" USING btree ("respond_by") WHERE "disputes"."status" in ('inquiry', 'needs_response');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_processor_disputes_transaction_unique" ON "sandbox_processor_disputes" USING btree ("transaction_id");--> statement-breakpoint
-- The Disputes permission: see and answer a merchant's disputes. Roles that see payouts get it, so
-- the people who saw chargebacks on their statements see the disputes behind them.
INSERT INTO "permissions" ("name", "description") VALUES
  ('Disputes', 'See and answer disputes and chargebacks')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_name")
SELECT rp."role_id", 'Disputes' FROM "role_permissions" rp WHERE rp."permission_name" = 'Payouts'
ON CONFLICT DO NOTHING;
