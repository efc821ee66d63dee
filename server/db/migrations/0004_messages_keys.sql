ALTER TABLE "messages" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sub_title_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;