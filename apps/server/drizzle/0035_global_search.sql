CREATE INDEX "clients_search_name_idx" ON "clients" USING btree (lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "clients_search_dba_name_idx" ON "clients" USING btree (lower("dba_name") collate "C");--> statement-breakpoint
CREATE INDEX "clients_mid_idx" ON "clients" USING btree ("mid") WHERE "clients"."mid" is not null;--> statement-breakpoint
CREATE INDEX "clients_tax_id_last4_idx" ON "clients" USING btree ("tax_id_last4") WHERE "clients"."tax_id_last4" is not null;--> statement-breakpoint
CREATE INDEX "enrollments_search_dba_name_idx" ON "enrollments" USING btree (lower("dba_name") collate "C");--> statement-breakpoint
CREATE INDEX "enrollments_search_legal_name_idx" ON "enrollments" USING btree (lower("legal_name") collate "C");--> statement-breakpoint
CREATE INDEX "payouts_amount_idx" ON "payouts" USING btree ("amount_cents");--> statement-breakpoint
CREATE INDEX "transactions_search_email_idx" ON "transactions" USING btree ("customer_email" collate "C","client_id") WHERE "transactions"."customer_email" is not null;--> statement-breakpoint
CREATE INDEX "transactions_search_last4_amount_idx" ON "transactions" USING btree ("last4","amount_cents","client_id") WHERE "transactions"."last4" is not null;--> statement-breakpoint
CREATE INDEX "vault_customers_search_email_idx" ON "vault_customers" USING btree (lower("email") collate "C","client_id");--> statement-breakpoint
CREATE INDEX "vault_customers_search_last_name_idx" ON "vault_customers" USING btree (lower("last_name") collate "C","client_id");--> statement-breakpoint
CREATE INDEX "vault_customers_search_first_name_idx" ON "vault_customers" USING btree (lower("first_name") collate "C","client_id");