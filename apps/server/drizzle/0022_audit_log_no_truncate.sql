-- The audit trail refuses TRUNCATE as it refuses UPDATE and DELETE. TRUNCATE fires no row trigger, so
-- a statement trigger raises the same error before any row is gone.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
