CREATE TYPE "public"."data_sync_status" AS ENUM('requested', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "data_sync_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"status" "data_sync_status" DEFAULT 'requested' NOT NULL,
	"requested_by_user_id" uuid,
	"requested_by_email" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "data_sync_requests" ADD CONSTRAINT "data_sync_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_sync_requests_open_unique" ON "data_sync_requests" USING btree ("client_id") WHERE "data_sync_requests"."status" in ('requested', 'running');--> statement-breakpoint
CREATE INDEX "data_sync_requests_status_idx" ON "data_sync_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "data_sync_requests_client_idx" ON "data_sync_requests" USING btree ("client_id","requested_at");