-- Hand-written (drizzle-kit writes no extensions, functions or triggers). btree_gin lets the search
-- indexes hold the list's filters too (category, status).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The pieces of a text that a search of one or two characters looks for (merchants.search_grams), which
-- trigrams cannot serve: every distinct substring of one or two characters with a non-ASCII character
-- in it (王, 秀英, 区1). ASCII-only pieces are left out: a search for one or two ASCII characters matches
-- most merchants, so a scan is its right plan anyway.
CREATE FUNCTION search_grams_of(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ARRAY(
    SELECT DISTINCT piece FROM (
      SELECT substr(t, i, n) AS piece
      FROM generate_series(1, char_length(t)) AS i, (VALUES (1), (2)) AS lengths(n)
      WHERE i + n - 1 <= char_length(t)
    ) AS pieces
    WHERE octet_length(piece) > char_length(piece)
    ORDER BY piece
  )
$$;--> statement-breakpoint
CREATE TABLE "merchant_counts" (
	"market_id" uuid NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "merchant_counts_market_id_category_status_pk" PRIMARY KEY("market_id","category","status")
);
--> statement-breakpoint
DROP INDEX "merchants_created_idx";--> statement-breakpoint
DROP INDEX "merchants_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (search_grams_of(lower(name || ' ' || stall_no || ' ' || phone || ' ' || account_username))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("name","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_stall_idx" ON "merchants" USING btree ("stall_no","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_account_username_idx" ON "merchants" USING btree ("account_username","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_category_idx" ON "merchants" USING btree ("category","id","status");--> statement-breakpoint
CREATE INDEX "merchants_category_created_idx" ON "merchants" USING btree ("category","created_at","id","status");--> statement-breakpoint
CREATE INDEX "merchants_category_name_idx" ON "merchants" USING btree ("category","name","id","status");--> statement-breakpoint
CREATE INDEX "merchants_category_stall_idx" ON "merchants" USING btree ("category","stall_no","id","status");--> statement-breakpoint
CREATE INDEX "merchants_category_account_username_idx" ON "merchants" USING btree ("category","account_username","id","status");--> statement-breakpoint
CREATE INDEX "merchants_search_grams_idx" ON "merchants" USING gin ("search_grams","category","status");--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_search_trgm_idx" ON "merchants" USING gin ("search_text" gin_trgm_ops,"category","status");--> statement-breakpoint
-- Hand-written: merchant_counts follows every insert, update, delete and truncate of merchants in the
-- same transaction, per market and, under the nil uuid, over all markets (statement triggers with
-- transition tables: one upsert per statement, also for bulk loads). Keys are upserted in a fixed
-- order, so two transactions never lock them in opposite orders.
CREATE FUNCTION merchant_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM merchant_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_counts AS c (market_id, category, status, n)
      SELECT scope.id, category, status, count(*)
      FROM new_rows, LATERAL (VALUES (market_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS scope(id)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (market_id, category, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO merchant_counts AS c (market_id, category, status, n)
      SELECT scope.id, category, status, -count(*)
      FROM old_rows, LATERAL (VALUES (market_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS scope(id)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (market_id, category, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO merchant_counts AS c (market_id, category, status, n)
      SELECT scope.id, category, status, sum(d)
      FROM (
        SELECT market_id, category, status, 1 AS d FROM new_rows
        UNION ALL
        SELECT market_id, category, status, -1 AS d FROM old_rows
      ) AS changes, LATERAL (VALUES (market_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS scope(id)
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (market_id, category, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER merchant_counts_insert AFTER INSERT ON merchants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_track();--> statement-breakpoint
CREATE TRIGGER merchant_counts_update AFTER UPDATE ON merchants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_track();--> statement-breakpoint
CREATE TRIGGER merchant_counts_delete AFTER DELETE ON merchants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_track();--> statement-breakpoint
CREATE TRIGGER merchant_counts_truncate AFTER TRUNCATE ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_counts_track();--> statement-breakpoint
INSERT INTO merchant_counts (market_id, category, status, n)
  SELECT scope.id, category, status, count(*)
  FROM merchants, LATERAL (VALUES (market_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS scope(id)
  GROUP BY 1, 2, 3;
