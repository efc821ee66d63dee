CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"market_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_uploader_hash_unique" UNIQUE("uploaded_by","sha256")
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "account_uk" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "payment_bank" text DEFAULT 'ICBC' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "credit_code" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "stall_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "complaint_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "legal_person_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "legal_person_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "manager_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "manager_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "business_licence_file_id" uuid;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "operating_licence_file_id" uuid;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "market_photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "files_market_idx" ON "files" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "markets_registered_idx" ON "markets" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "markets_name_idx" ON "markets" USING btree ("name");--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_credit_code_unique" UNIQUE("credit_code");