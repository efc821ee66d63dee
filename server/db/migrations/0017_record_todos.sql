CREATE TABLE "record_todos" (
	"type" text NOT NULL,
	"market_id" uuid NOT NULL,
	"record_key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "record_todos_type_market_id_record_key_pk" PRIMARY KEY("type","market_id","record_key")
);
--> statement-breakpoint
-- The pesticide follow-up to-dos already sent stay sent (server/pesticide-tests/follow-up-todos.ts).
INSERT INTO "record_todos" ("type", "market_id", "record_key", "sent_at")
SELECT 'pesticide_follow_up', "market_id", "test_id"::text, "sent_at" FROM "pesticide_test_todos";--> statement-breakpoint
DROP TABLE "pesticide_test_todos" CASCADE;
