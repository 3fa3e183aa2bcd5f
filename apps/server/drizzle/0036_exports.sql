CREATE TYPE "public"."export_status" AS ENUM('queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"grid" text NOT NULL,
	"format" text NOT NULL,
	"status" "export_status" DEFAULT 'queued' NOT NULL,
	"request" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"attempt" bigint DEFAULT 1 NOT NULL,
	"rows_written" bigint DEFAULT 0 NOT NULL,
	"rows_total" bigint,
	"byte_size" bigint,
	"file_name" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_user_created_idx" ON "exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exports_expires_idx" ON "exports" USING btree ("expires_at") WHERE "exports"."status" = 'succeeded';