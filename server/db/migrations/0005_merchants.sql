CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"account_uk" text NOT NULL,
	"account_username" text NOT NULL,
	"name" text NOT NULL,
	"bank_merchant_no" text NOT NULL,
	"other_bank_no" text DEFAULT '' NOT NULL,
	"payment_sub_merchant_no" text DEFAULT '' NOT NULL,
	"stall_no" text NOT NULL,
	"phone" text NOT NULL,
	"id_card_no" text NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"age" integer NOT NULL,
	"gender" text NOT NULL,
	"political" text DEFAULT '' NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"health_certificate_file_id" uuid,
	"food_licence_file_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || stall_no || ' ' || phone || ' ' || account_username)) STORED NOT NULL,
	CONSTRAINT "merchants_account_uk_unique" UNIQUE("account_uk")
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "merchant_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_account_uk_users_uk_fk" FOREIGN KEY ("account_uk") REFERENCES "public"."users"("uk") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_market_stall_active_unique" ON "merchants" USING btree ("market_id","stall_no") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "merchants_market_created_idx" ON "merchants" USING btree ("market_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "merchants_market_category_idx" ON "merchants" USING btree ("market_id","category");--> statement-breakpoint
CREATE INDEX "merchants_search_trgm_idx" ON "merchants" USING gin ("search_text" gin_trgm_ops);