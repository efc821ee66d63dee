-- The merchant list's credit filter and sort (issue 26 §3): a page of a market's or every market's
-- merchants with so many stars, newest first, or ordered by stars, is read from an index alone.
CREATE INDEX "merchants_market_credit_created_idx" ON "merchants" USING btree ("market_id","credit_stars","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_market_credit_idx" ON "merchants" USING btree ("market_id","credit_stars","id");--> statement-breakpoint
CREATE INDEX "merchants_credit_created_idx" ON "merchants" USING btree ("credit_stars","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_credit_idx" ON "merchants" USING btree ("credit_stars","id");