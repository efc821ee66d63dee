-- A method's day rollup keeps its refunds too (issue 25's transactions list: the total of "a method"
-- of both kinds, or its refunds, is then exact from the rollups; it was counted from the rows over
-- every day part of the range, the list's slowest filter at 10 million). Rows kept before get the
-- refunds their days already hold, per market and method, then the platform's rows (ALL_MARKETS) are
-- those summed, saturating at the bigint cap as the ingest's do. An instance of an older build still
-- ingesting after this runs adds refunds without them: the nightly check compares refunds per method
-- now and names such a day (docs/operations.md, upgrades).
ALTER TABLE "method_day_stats" ADD COLUMN IF NOT EXISTS "refunds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "method_day_stats" ADD COLUMN IF NOT EXISTS "refund_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "method_day_stats" ("market_id", "day", "method", "refunds", "refund_fen")
  SELECT "market_id", ("occurred_at" AT TIME ZONE 'Asia/Shanghai')::date, "method", count(*), sum("amount_fen")
  FROM "transactions" WHERE "type" = 'refund' AND "market_id" <> '00000000-0000-0000-0000-000000000000'
  GROUP BY 1, 2, 3
  ON CONFLICT ("market_id", "day", "method") DO UPDATE SET "refunds" = excluded."refunds", "refund_fen" = excluded."refund_fen";--> statement-breakpoint
INSERT INTO "method_day_stats" ("market_id", "day", "method", "refunds", "refund_fen")
  SELECT '00000000-0000-0000-0000-000000000000', "day", "method",
    least(sum("refunds"), 9223372036854775807)::bigint, least(sum("refund_fen"), 9223372036854775807)::bigint
  FROM "method_day_stats" WHERE "market_id" <> '00000000-0000-0000-0000-000000000000' AND "refunds" > 0
  GROUP BY 2, 3
  ON CONFLICT ("market_id", "day", "method") DO UPDATE SET "refunds" = excluded."refunds", "refund_fen" = excluded."refund_fen";
