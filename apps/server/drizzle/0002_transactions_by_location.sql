-- Reports filtered by location, and the set-null sweep when a location is deleted (without it, deleting
-- a sub-location would scan every transaction partition). Created on the partitioned parent, so every
-- partition gets it.
CREATE INDEX "transactions_sub_entity_idx" ON "transactions" USING btree ("sub_entity_id","created_at") WHERE "transactions"."sub_entity_id" is not null;