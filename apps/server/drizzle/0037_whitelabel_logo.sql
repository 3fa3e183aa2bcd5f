ALTER TABLE "white_labels" ADD COLUMN "logo_storage_key" text;--> statement-breakpoint
-- logo_url now names this server's address of an uploaded logo; addresses elsewhere were never served.
UPDATE "white_labels" SET "logo_url" = NULL WHERE "logo_storage_key" IS NULL;
