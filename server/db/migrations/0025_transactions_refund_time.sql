-- Refunds by time across every market: the transactions list's refunds-only pages with no market read
-- ~2,600 rows of a day to find a page of 21 refunds from the primary key (about 1% of rows are refunds),
-- 65 ms at p95 129 pages deep at 10 million rows (issue 25's list budget is 50). A partial index reads 21.
-- Made on the parent alone (ON ONLY): a CREATE INDEX over every day part would hold each part's SHARE
-- lock, so every device's payment would wait until the whole table was read. The parent stays invalid
-- (unused) until server/db/partition-indexes.ts has built each day part's copy CONCURRENTLY and attached
-- it; day parts made after this one get their copy when they are made.
CREATE INDEX IF NOT EXISTS "transactions_refund_time_idx" ON ONLY "transactions" USING btree ("occurred_at","id") WHERE type = 'refund';
