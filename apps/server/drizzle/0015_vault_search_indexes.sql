DROP INDEX "vault_customers_client_last_name_idx";--> statement-breakpoint
DROP INDEX "vault_customers_client_first_name_idx";--> statement-breakpoint
DROP INDEX "vault_customers_client_email_idx";--> statement-breakpoint
CREATE INDEX "vault_customers_client_last_name_idx" ON "vault_customers" USING btree ("client_id",lower("last_name") collate "C",lower("first_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "vault_customers_client_first_name_idx" ON "vault_customers" USING btree ("client_id",lower("first_name") collate "C",lower("last_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "vault_customers_client_email_idx" ON "vault_customers" USING btree ("client_id",lower("email") collate "C","id");