ALTER TABLE "vault_customers" ADD COLUMN "methods_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A customer's saved methods as the vault search answers them, kept on the customer
-- (methods_json) so a search reads one column instead of a sorted subquery per customer found. The
-- first method of each issuer, last four and expiry in the order newest first (created_at desc, then
-- id), as withoutDuplicateSavedMethods keeps them (the unique constraint already keeps a second one
-- out; the text does not rely on it), then in that order; each as methodView writes it: the token from
-- after its first dash (the whole token without one), the time as toISOString writes it (UTC, ms, Z;
-- to_char's MS truncates as a JavaScript Date does) and the customer's billing address. The vault API
-- tests hold the search's answer equal to the Node builders'.
CREATE FUNCTION vault_customer_methods_json(c vault_customers) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(string_agg('{"id":' || coalesce('"' || m.id || '"', 'null')
      || ',"token":' || coalesce(to_json(CASE WHEN strpos(m.token, '-') = 0 THEN m.token
           ELSE substr(m.token, strpos(m.token, '-') + 1) END)::text, 'null')
      || ',"issuer":' || coalesce('"' || m.issuer || '"', 'null')
      || ',"last4":' || coalesce('"' || m.last4 || '"', 'null')
      || ',"exp_month":' || coalesce(m.exp_month::text, 'null')
      || ',"exp_year":' || coalesce(m.exp_year::text, 'null')
      || ',"created_at":' || coalesce('"' || to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
      || ',"billing_address":{"region":' || coalesce(to_json(c.billing_region)::text, 'null')
      || ',"locality":' || coalesce(to_json(c.billing_locality)::text, 'null')
      || ',"address_line_1":' || coalesce(to_json(c.billing_address_line_1)::text, 'null')
      || ',"address_line_2":' || coalesce(to_json(c.billing_address_line_2)::text, 'null')
      || ',"country":' || coalesce(to_json(c.billing_country)::text, 'null')
      || ',"postal_code":' || coalesce(to_json(c.billing_postal_code)::text, 'null') || '}}',
    ',' ORDER BY m.created_at DESC, m.id), '')
  FROM (SELECT DISTINCT ON (issuer, last4, exp_month, exp_year) id, token, issuer, last4, exp_month,
      exp_year, created_at
    FROM vault_payment_methods WHERE customer_id = c.id
    ORDER BY issuer, last4, exp_month, exp_year, created_at DESC, id) m
$$;
--> statement-breakpoint
-- A customer's text is written by one trigger, whenever its billing address (each method's too) or the
-- text itself changes: a write of the text (the app never makes one) is a request to write it again.
CREATE FUNCTION vault_customer_methods_json_keep() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.methods_json := vault_customer_methods_json(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vault_customer_methods_json_keep BEFORE UPDATE ON vault_customers
FOR EACH ROW WHEN ((NEW.billing_region, NEW.billing_locality, NEW.billing_address_line_1,
    NEW.billing_address_line_2, NEW.billing_country, NEW.billing_postal_code, NEW.methods_json)
  IS DISTINCT FROM (OLD.billing_region, OLD.billing_locality, OLD.billing_address_line_1,
    OLD.billing_address_line_2, OLD.billing_country, OLD.billing_postal_code, OLD.methods_json))
EXECUTE FUNCTION vault_customer_methods_json_keep();
--> statement-breakpoint
-- Every statement that writes saved methods asks for its customers' texts again (statement triggers:
-- a bulk insert costs one update of the customers it touched).
CREATE FUNCTION vault_methods_json_refresh() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE vault_customers SET methods_json = NULL WHERE id IN (SELECT customer_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE vault_customers SET methods_json = NULL WHERE id IN (SELECT customer_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vault_methods_json_insert AFTER INSERT ON vault_payment_methods
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vault_methods_json_refresh();
--> statement-breakpoint
CREATE TRIGGER vault_methods_json_update AFTER UPDATE ON vault_payment_methods
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vault_methods_json_refresh();
--> statement-breakpoint
CREATE TRIGGER vault_methods_json_delete AFTER DELETE ON vault_payment_methods
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vault_methods_json_refresh();
--> statement-breakpoint
UPDATE vault_customers c SET methods_json = NULL
WHERE EXISTS (SELECT 1 FROM vault_payment_methods m WHERE m.customer_id = c.id);
