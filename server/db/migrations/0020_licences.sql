-- Licences and certificates (issue 26 §1): one row per holder and kind; each merchant's worst state
-- stored and indexed for the list (the daily job keeps it current); a market's grace for licences
-- missing starts today for the markets already there, on its registration day for the others.
CREATE TABLE "licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"merchant_id" uuid,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"authority" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "licence_grace_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "licence_grace_from" date DEFAULT (now() at time zone 'Asia/Shanghai')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "licence_state" text DEFAULT 'missing' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "licence_rank" smallint GENERATED ALWAYS AS (case licence_state when 'expired' then 0 when 'missing' then 1 when 'expiring' then 2 else 3 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_merchant_kind_unique" ON "licences" USING btree ("merchant_id","kind") WHERE merchant_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_market_kind_unique" ON "licences" USING btree ("market_id","kind") WHERE merchant_id is null;--> statement-breakpoint
CREATE INDEX "licences_valid_until_idx" ON "licences" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "merchants_market_licence_created_idx" ON "merchants" USING btree ("market_id","licence_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_market_licence_idx" ON "merchants" USING btree ("market_id","licence_rank","id");--> statement-breakpoint
CREATE INDEX "merchants_licence_created_idx" ON "merchants" USING btree ("licence_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_licence_idx" ON "merchants" USING btree ("licence_rank","id");