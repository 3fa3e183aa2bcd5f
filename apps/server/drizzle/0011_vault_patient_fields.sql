DROP INDEX "vault_customers_client_patient_number_idx";--> statement-breakpoint
DROP INDEX "vault_customers_client_last_name_idx";--> statement-breakpoint
DROP INDEX "vault_customers_client_email_idx";--> statement-breakpoint
ALTER TABLE "vault_customers" ADD COLUMN "patient_number_enc" text;--> statement-breakpoint
ALTER TABLE "vault_customers" ADD COLUMN "patient_first_name_enc" text;--> statement-breakpoint
ALTER TABLE "vault_customers" ADD COLUMN "patient_last_name_enc" text;--> statement-breakpoint
ALTER TABLE "vault_customers" ADD COLUMN "patient_number_hash" text;--> statement-breakpoint
CREATE INDEX "vault_customers_client_first_name_idx" ON "vault_customers" USING btree ("client_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vault_customers_client_patient_number_hash_idx" ON "vault_customers" USING btree ("client_id","patient_number_hash");--> statement-breakpoint
CREATE INDEX "vault_customers_legacy_patient_idx" ON "vault_customers" USING btree ("id") WHERE "vault_customers"."patient_number" is not null or "vault_customers"."patient_first_name" is not null or "vault_customers"."patient_last_name" is not null;--> statement-breakpoint
CREATE INDEX "vault_customers_client_last_name_idx" ON "vault_customers" USING btree ("client_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vault_customers_client_email_idx" ON "vault_customers" USING btree ("client_id",lower("email") text_pattern_ops);