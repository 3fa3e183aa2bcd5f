CREATE TYPE "public"."report_schedule_status" AS ENUM('active', 'paused');--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"grid" text NOT NULL,
	"layout_name" text NOT NULL,
	"request" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"time" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"time_zone" text NOT NULL,
	"delivery" text NOT NULL,
	"recipient_ids" uuid[] NOT NULL,
	"status" "report_schedule_status" DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "schedule_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."status" = 'active';--> statement-breakpoint
CREATE INDEX "report_schedules_user_idx" ON "report_schedules" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exports_schedule_run_unique" ON "exports" USING btree ("schedule_id","schedule_run_at");