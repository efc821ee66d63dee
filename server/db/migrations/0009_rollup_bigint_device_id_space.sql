-- Issue 21. Made by drizzle-kit, then put in an order that runs on a database with data in it.
--
-- 1. The ledger is keyed by the market, the device's code and the device's own event id, not by the
-- binding: a device bound again in the same market (or given a new secret) resends its buffer and
-- nothing counts twice. The market leads the key, so the ledger can be split by market.
ALTER TABLE "device_events" DROP CONSTRAINT "device_events_device_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "device_events" ADD COLUMN "device_code" text;--> statement-breakpoint
-- The code of the binding that stored each event (unbinding keeps a binding's row).
UPDATE "device_events" AS e SET "device_code" = d."code" FROM "devices" AS d WHERE d."id" = e."device_id";--> statement-breakpoint
-- No binding row (none is ever deleted): its id, lower case, which no device code can be.
UPDATE "device_events" SET "device_code" = "device_id"::text WHERE "device_code" IS NULL;--> statement-breakpoint
-- An event resent under a later binding of the same code in the same market was stored twice before
-- this key. The first stored copy is kept and carries what was refunded of every copy (never more than
-- its amount), so a payment still cannot be refunded twice over; the rows and rollups stay as stored.
WITH copies AS (
  SELECT ctid AS at,
    row_number() OVER (PARTITION BY "market_id", "device_code", "event_id" ORDER BY "received_at", "device_id") AS n,
    count(*) OVER (PARTITION BY "market_id", "device_code", "event_id") AS copies,
    sum("refunded_fen") OVER (PARTITION BY "market_id", "device_code", "event_id") AS refunded
  FROM "device_events"
)
UPDATE "device_events" AS e SET "refunded_fen" = least(c.refunded, e."amount_fen")
FROM copies AS c WHERE e.ctid = c.at AND c.n = 1 AND c.copies > 1;--> statement-breakpoint
WITH copies AS (
  SELECT ctid AS at,
    row_number() OVER (PARTITION BY "market_id", "device_code", "event_id" ORDER BY "received_at", "device_id") AS n
  FROM "device_events"
)
DELETE FROM "device_events" AS e USING copies AS c WHERE e.ctid = c.at AND c.n > 1;--> statement-breakpoint
ALTER TABLE "device_events" ALTER COLUMN "device_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_market_id_device_code_event_id_pk" PRIMARY KEY("market_id","device_code","event_id");--> statement-breakpoint
-- 2. Every count in the rollups is 64-bit, like the money beside it. One ALTER per table: each
-- table is rewritten once, not once per column.
ALTER TABLE "market_day_stats"
  ALTER COLUMN "payments" SET DATA TYPE bigint,
  ALTER COLUMN "refunds" SET DATA TYPE bigint,
  ALTER COLUMN "passengers_in" SET DATA TYPE bigint,
  ALTER COLUMN "passengers_out" SET DATA TYPE bigint,
  ALTER COLUMN "tests" SET DATA TYPE bigint,
  ALTER COLUMN "tests_failed" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "market_minute_stats"
  ALTER COLUMN "payments" SET DATA TYPE bigint,
  ALTER COLUMN "refunds" SET DATA TYPE bigint,
  ALTER COLUMN "passengers_in" SET DATA TYPE bigint,
  ALTER COLUMN "passengers_out" SET DATA TYPE bigint,
  ALTER COLUMN "tests" SET DATA TYPE bigint,
  ALTER COLUMN "tests_failed" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "merchant_day_stats"
  ALTER COLUMN "payments" SET DATA TYPE bigint,
  ALTER COLUMN "refunds" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "method_day_stats" ALTER COLUMN "payments" SET DATA TYPE bigint;
