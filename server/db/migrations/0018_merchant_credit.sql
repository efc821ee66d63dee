ALTER TABLE "markets" ADD COLUMN "credit_weights" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "credit_stars" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "credit_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "credit_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "credit_computed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pesticide_tests_failed_merchant_idx" ON "pesticide_tests" USING btree ("market_id","merchant_id","tested_at") WHERE result = 'fail';