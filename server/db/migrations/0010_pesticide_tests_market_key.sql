-- Issue 22. Made by drizzle-kit (its placeholder for the old key's name filled in).
-- Pesticide tests are keyed by market and id: nothing looks a test up by its id alone, and a table
-- distributed by market (a sharded PostgreSQL such as Citus) needs the market in its primary key.
-- A small table (a few tests a market a day): rebuilding its key takes a moment.
ALTER TABLE "pesticide_tests" DROP CONSTRAINT "pesticide_tests_pkey";--> statement-breakpoint
ALTER TABLE "pesticide_tests" ADD CONSTRAINT "pesticide_tests_market_id_id_pk" PRIMARY KEY("market_id","id");
