-- The plaintext patient columns were sealed into the _enc columns and emptied at start-up since
-- migration 0011. A database that still holds plaintext there never ran that start-up: refuse
-- rather than lose the fields (start the previous release once to seal them).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "vault_customers"
    WHERE "patient_number" IS NOT NULL OR "patient_first_name" IS NOT NULL OR "patient_last_name" IS NOT NULL
  ) THEN
    RAISE EXCEPTION 'vault_customers still holds plaintext patient fields: start the previous release once to seal them, then migrate again';
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "vault_customers_legacy_patient_idx";--> statement-breakpoint
ALTER TABLE "vault_customers" DROP COLUMN "patient_number";--> statement-breakpoint
ALTER TABLE "vault_customers" DROP COLUMN "patient_first_name";--> statement-breakpoint
ALTER TABLE "vault_customers" DROP COLUMN "patient_last_name";
