ALTER TYPE "public"."login_token_purpose" ADD VALUE 'password_reset';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_locked_until" timestamp with time zone;--> statement-breakpoint
-- Every sign-in so far came through a login link or a provider that vouches for the address (the
-- social sign-in asks for an e-mail confirmation otherwise): those people have proved their address.
UPDATE "users" SET "email_verified_at" = "last_sign_in_at" WHERE "last_sign_in_at" IS NOT NULL;
