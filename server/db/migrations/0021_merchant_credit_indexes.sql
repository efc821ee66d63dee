-- The merchant list's credit filter and sort (issue 26 §3), and the licence filter's indexes across
-- markets again, each now ending in the category and status: a page of merchants with so many stars
-- or in a licence state, with a category or status too, and its capped count, read from an index alone.
DROP INDEX "merchants_licence_created_idx";--> statement-breakpoint
DROP INDEX "merchants_licence_idx";--> statement-breakpoint
CREATE INDEX "merchants_market_credit_created_idx" ON "merchants" USING btree ("market_id","credit_stars","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_market_credit_idx" ON "merchants" USING btree ("market_id","credit_stars","id");--> statement-breakpoint
CREATE INDEX "merchants_credit_created_idx" ON "merchants" USING btree ("credit_stars","created_at","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_credit_idx" ON "merchants" USING btree ("credit_stars","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_licence_created_idx" ON "merchants" USING btree ("licence_rank","created_at","id","category","status");--> statement-breakpoint
CREATE INDEX "merchants_licence_idx" ON "merchants" USING btree ("licence_rank","id","category","status");