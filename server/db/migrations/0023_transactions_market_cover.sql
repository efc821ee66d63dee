-- A market's transactions index carries the columns the list's filters test (type, method, amount), so
-- the list's capped count of a filter the day rollups cannot answer (a method of both kinds, an amount
-- range) reads the index alone (issue 25's list budget). The ingest writes a market's rows interleaved
-- with every other market's, so counting one market's day from the table read ~490 pages for ~450 rows
-- (1.7 ms a day part, 31 of them over a month); from the index alone 8 pages (0.17 ms). It replaces the
-- narrower index (same key: the page read by market and time uses it as before), so writes keep five
-- indexes a day part and planning does not grow. Made before the old one is dropped, both idempotent.
CREATE INDEX IF NOT EXISTS "transactions_market_time_cover_idx" ON "transactions" USING btree ("market_id","occurred_at") INCLUDE ("type","method","amount_fen");--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_market_time_idx";
