CREATE TABLE "device_events" (
	"device_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"market_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"method" text,
	"amount_fen" bigint,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_events_device_id_event_id_pk" PRIMARY KEY("device_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"stall_no" text NOT NULL,
	"merchant_id" uuid,
	"secret_hash" text,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_by" text,
	"unbound_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_day_stats" (
	"market_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"passengers_in" integer DEFAULT 0 NOT NULL,
	"passengers_out" integer DEFAULT 0 NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	"tests_failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_day_stats_market_id_day_pk" PRIMARY KEY("market_id","day")
);
--> statement-breakpoint
CREATE TABLE "market_minute_stats" (
	"market_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"passengers_in" integer DEFAULT 0 NOT NULL,
	"passengers_out" integer DEFAULT 0 NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	"tests_failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_minute_stats_market_id_minute_pk" PRIMARY KEY("market_id","minute")
);
--> statement-breakpoint
CREATE TABLE "merchant_day_stats" (
	"merchant_id" uuid NOT NULL,
	"market_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_day_stats_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "method_day_stats" (
	"market_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "method_day_stats_market_id_day_method_pk" PRIMARY KEY("market_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "passenger_counts" (
	"id" bigserial NOT NULL,
	"market_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_seconds" integer NOT NULL,
	"count_in" integer NOT NULL,
	"count_out" integer NOT NULL,
	CONSTRAINT "passenger_counts_period_start_id_pk" PRIMARY KEY("period_start","id")
) PARTITION BY RANGE ("period_start");
--> statement-breakpoint
CREATE TABLE "pesticide_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"merchant_id" uuid,
	"stall_no" text NOT NULL,
	"produce" text NOT NULL,
	"inhibition_pct" numeric(4, 1) NOT NULL,
	"result" text NOT NULL,
	"tested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial NOT NULL,
	"market_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"merchant_id" uuid,
	"stall_no" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payment_event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_occurred_at_id_pk" PRIMARY KEY("occurred_at","id")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_code_bound_unique" ON "devices" USING btree ("code") WHERE unbound_at IS NULL;--> statement-breakpoint
CREATE INDEX "devices_market_bound_idx" ON "devices" USING btree ("market_id","bound_at");--> statement-breakpoint
CREATE INDEX "devices_bound_idx" ON "devices" USING btree ("bound_at","id");--> statement-breakpoint
CREATE INDEX "devices_merchant_idx" ON "devices" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "devices_online_idx" ON "devices" USING btree ("last_seen_at") WHERE online;--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "market_day_stats_day_idx" ON "market_day_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "market_minute_stats_minute_idx" ON "market_minute_stats" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "merchant_day_stats_market_day_idx" ON "merchant_day_stats" USING btree ("market_id","day");--> statement-breakpoint
CREATE INDEX "merchant_day_stats_day_idx" ON "merchant_day_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "method_day_stats_day_idx" ON "method_day_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "passenger_counts_market_time_idx" ON "passenger_counts" USING btree ("market_id","period_start");--> statement-breakpoint
CREATE INDEX "pesticide_tests_market_time_idx" ON "pesticide_tests" USING btree ("market_id","tested_at");--> statement-breakpoint
CREATE INDEX "transactions_market_time_idx" ON "transactions" USING btree ("market_id","occurred_at");--> statement-breakpoint
CREATE INDEX "transactions_merchant_time_idx" ON "transactions" USING btree ("merchant_id","occurred_at");--> statement-breakpoint
-- Rows of a day that has no partition of its own land here (ensure_day_partitions makes them ahead).
CREATE TABLE "transactions_default" PARTITION OF "transactions" DEFAULT;--> statement-breakpoint
CREATE TABLE "passenger_counts_default" PARTITION OF "passenger_counts" DEFAULT;--> statement-breakpoint
-- One partition per Asia/Shanghai day (UTC+8 all year) for each day in [first_day, last_day] that has
-- none: <parent>_YYYYMMDD. A day made meanwhile by another instance, or whose rows already sit in the
-- default partition, is skipped (those rows stay correct where they are). Answers how many it made.
CREATE OR REPLACE FUNCTION ensure_day_partitions(parent text, first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  d date := first_day;
  made integer := 0;
  part text;
BEGIN
  WHILE d <= last_day LOOP
    part := parent || '_' || to_char(d, 'YYYYMMDD');
    IF to_regclass(quote_ident(part)) IS NULL THEN
      BEGIN
        EXECUTE format(
          'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
          part, parent,
          ((d::timestamp - interval '8 hours') AT TIME ZONE 'UTC'),
          (((d + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC'));
        made := made + 1;
      EXCEPTION WHEN duplicate_table OR unique_violation OR check_violation THEN
        NULL;
      END;
    END IF;
    d := d + 1;
  END LOOP;
  RETURN made;
END
$$;