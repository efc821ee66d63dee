-- The pesticide-test history (issue 25 §3): a failed test's follow-up, one a test (the key), recorded
-- by its market's operator; the failures whose to-do was sent (once each); failures by time for the job.
CREATE TABLE "pesticide_test_follow_ups" (
	"market_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"actions" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pesticide_test_follow_ups_test_unique" PRIMARY KEY("market_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "pesticide_test_todos" (
	"market_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pesticide_test_todos_market_id_test_id_pk" PRIMARY KEY("market_id","test_id")
);
--> statement-breakpoint
ALTER TABLE "pesticide_test_follow_ups" ADD CONSTRAINT "pesticide_test_follow_ups_recorded_by_users_uk_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uk") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_test_follow_ups" ADD CONSTRAINT "pesticide_test_follow_ups_test_fk" FOREIGN KEY ("market_id","test_id") REFERENCES "public"."pesticide_tests"("market_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_test_todos" ADD CONSTRAINT "pesticide_test_todos_test_fk" FOREIGN KEY ("market_id","test_id") REFERENCES "public"."pesticide_tests"("market_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pesticide_tests_failed_time_idx" ON "pesticide_tests" USING btree ("tested_at") WHERE result = 'fail';