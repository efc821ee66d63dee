-- Issue 26 §2. Made by drizzle-kit. Shoppers' complaints and the steps of their handling; each market
-- numbers its own (markets.complaint_seq) and sets the days it gives itself (complaint_deadline_days).
CREATE TABLE "complaint_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"complaint_id" uuid NOT NULL,
	"market_id" uuid NOT NULL,
	"state" text NOT NULL,
	"actor_uk" text,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"channel" text NOT NULL,
	"category" text NOT NULL,
	"merchant_id" uuid,
	"stall_no" text NOT NULL,
	"description" text NOT NULL,
	"complainant_name" text DEFAULT '' NOT NULL,
	"complainant_contact" text DEFAULT '' NOT NULL,
	"photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"outcome" text,
	"remedies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"registered_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "complaint_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "complaint_deadline_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_steps" ADD CONSTRAINT "complaint_steps_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_steps_complaint_idx" ON "complaint_steps" USING btree ("complaint_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_market_no_unique" ON "complaints" USING btree ("market_id","no");--> statement-breakpoint
CREATE INDEX "complaints_market_received_idx" ON "complaints" USING btree ("market_id","received_at","id");--> statement-breakpoint
CREATE INDEX "complaints_received_idx" ON "complaints" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "complaints_open_due_idx" ON "complaints" USING btree ("market_id","due_at") WHERE state in ('received', 'handling');--> statement-breakpoint
CREATE INDEX "complaints_merchant_idx" ON "complaints" USING btree ("merchant_id","received_at");