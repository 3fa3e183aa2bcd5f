-- A method UPDATE marked its customers for a new methods_json in two updates, one for the
-- rows' new customers and one for their old ones, so a changed method had its customer's text
-- written twice. Now each statement marks every customer it touched once: for an update, the union
-- of the old and new rows' customers (a method moved to another customer touches both).
CREATE OR REPLACE FUNCTION vault_methods_json_refresh() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE vault_customers SET methods_json = NULL WHERE id IN (SELECT customer_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE vault_customers SET methods_json = NULL
    WHERE id IN (SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows);
  ELSE
    UPDATE vault_customers SET methods_json = NULL WHERE id IN (SELECT customer_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
