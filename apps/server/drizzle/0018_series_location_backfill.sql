-- A series' location has one source, subscriptions.sub_entity_id. Series made before that
-- column kept it only on their charges: each takes the location of its first charge that has one.
UPDATE "subscriptions" s
SET "sub_entity_id" = first_located.sub_entity_id
FROM (
  SELECT DISTINCT ON (sc.subscription_id) sc.subscription_id, t.sub_entity_id
  FROM "subscription_charges" sc
  JOIN "transactions" t ON t.id = sc.transaction_id AND t.created_at = sc.transaction_created_at
  WHERE t.sub_entity_id IS NOT NULL
  ORDER BY sc.subscription_id, sc.scheduled_for
) first_located
WHERE s.id = first_located.subscription_id AND s."sub_entity_id" IS NULL;
