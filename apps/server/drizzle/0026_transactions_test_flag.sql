-- A test payment is one booked while its merchant is a sandbox account (status in_development): the
-- reports, receipts and the transaction detail say so. The flag is set from the merchant's state as
-- the row is written, whichever path books it (a payment page, the virtual terminal, a subscription
-- cycle, a void or refund), and whatever the insert said; an account that goes live later keeps its
-- earlier payments marked as tests. Rows written before this are live payments.
ALTER TABLE "transactions" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION transactions_set_is_test() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_test := coalesce((SELECT c.status = 'in_development' FROM clients c WHERE c.id = NEW.client_id), false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_set_is_test BEFORE INSERT ON "transactions"
FOR EACH ROW EXECUTE FUNCTION transactions_set_is_test();
