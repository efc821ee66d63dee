CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uk" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"avatar" text,
	"content" text NOT NULL,
	"message_type" text,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_uk_users_uk_fk" FOREIGN KEY ("user_uk") REFERENCES "public"."users"("uk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_type_idx" ON "messages" USING btree ("user_uk","type","status","created_at");