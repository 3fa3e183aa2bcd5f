CREATE TABLE "risk_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"dispute_ratio_threshold_hundredths" integer NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_settings_single_row" CHECK ("risk_settings"."id"),
	CONSTRAINT "risk_settings_dispute_ratio_threshold_range" CHECK ("risk_settings"."dispute_ratio_threshold_hundredths" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "reminded_five_days_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "reminded_one_day_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_settings" ADD CONSTRAINT "risk_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;