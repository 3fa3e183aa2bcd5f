-- The secret API key leaves plaintext: its SHA-256 finds it, its last four mask it, and the
-- start-up seals the plaintext into api_key_enc and empties api_key (the data key is not known
-- here). Rolling keeps the previous key's hash until its grace period ends.
DROP INDEX "clients_api_key_unique";--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "api_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "api_key_enc" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "api_key_hash" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "api_key_last4" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "previous_api_key_hash" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "previous_api_key_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "clients" SET "api_key_hash" = encode(sha256(convert_to("api_key", 'UTF8')), 'hex'), "api_key_last4" = right("api_key", 4);--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "api_key_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "api_key_last4" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_api_key_hash_unique" ON "clients" USING btree ("api_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_previous_api_key_hash_unique" ON "clients" USING btree ("previous_api_key_hash");--> statement-breakpoint
CREATE INDEX "clients_legacy_api_key_idx" ON "clients" USING btree ("id") WHERE "clients"."api_key" is not null;
