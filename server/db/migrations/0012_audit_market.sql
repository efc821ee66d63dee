DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "market_id" uuid;--> statement-breakpoint
-- Older entries read like new ones (issue 23 §1): the area and the bare action ('market.create' ->
-- area market, action register; 'password.reset' on a 'user' -> area account, password_reset), so the
-- reader knows one vocabulary.
UPDATE "audit_log" SET "entity" = 'account' WHERE "entity" = 'user';--> statement-breakpoint
UPDATE "audit_log" SET "action" = CASE
  WHEN "action" LIKE 'password.%' THEN 'password_' || split_part("action", '.', 2)
  WHEN split_part("action", '.', 2) = 'create' THEN 'register'
  WHEN split_part("action", '.', 2) = 'update' THEN 'edit'
  ELSE split_part("action", '.', 2)
END
WHERE "action" LIKE '%.%';--> statement-breakpoint
-- Ids and times the entry now shows by itself (its market, its time) leave the changes; bank numbers are
-- masked but for their last four digits as server/lib/audit.ts masks them, so the table no longer
-- holds one whole.
UPDATE "audit_log" SET "changes" = "changes" - 'marketId' - 'merchantId' - 'unboundAt'
WHERE "changes" ?| array['marketId', 'merchantId', 'unboundAt'];--> statement-breakpoint
UPDATE "audit_log" AS a SET "changes" = (
  SELECT jsonb_object_agg(
    f.key,
    CASE WHEN f.key IN ('bankMerchantNo', 'otherBankNo', 'paymentSubMerchantNo') THEN jsonb_build_object(
      'before', CASE WHEN jsonb_typeof(f.value -> 'before') = 'string' AND f.value ->> 'before' <> ''
        THEN to_jsonb('****' || right(f.value ->> 'before', CASE WHEN length(f.value ->> 'before') > 4 THEN 4 ELSE 0 END))
        ELSE f.value -> 'before' END,
      'after', CASE WHEN jsonb_typeof(f.value -> 'after') = 'string' AND f.value ->> 'after' <> ''
        THEN to_jsonb('****' || right(f.value ->> 'after', CASE WHEN length(f.value ->> 'after') > 4 THEN 4 ELSE 0 END))
        ELSE f.value -> 'after' END)
    ELSE f.value END)
  FROM jsonb_each(a."changes") AS f
)
WHERE a."changes" ?| array['bankMerchantNo', 'otherBankNo', 'paymentSubMerchantNo'];--> statement-breakpoint
-- Each entry's market, from its record: a market is its own, a merchant's, device's or account's is theirs.
UPDATE "audit_log" SET "market_id" = "entity_id"::uuid WHERE "entity" = 'market';--> statement-breakpoint
UPDATE "audit_log" AS a SET "market_id" = m."market_id" FROM "merchants" AS m
WHERE a."entity" = 'merchant' AND m."id"::text = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" AS a SET "market_id" = d."market_id" FROM "devices" AS d
WHERE a."entity" = 'device' AND d."id"::text = a."entity_id";--> statement-breakpoint
UPDATE "audit_log" AS a SET "market_id" = u."market_id" FROM "users" AS u
WHERE a."entity" = 'account' AND u."uk" = a."entity_id";--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_market_at_idx" ON "audit_log" USING btree ("market_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_at_idx" ON "audit_log" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_uk","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","created_at","id");