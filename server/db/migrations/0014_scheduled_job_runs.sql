-- The kit's scheduled jobs (server/lib/scheduled-jobs.ts, issue 25): a row per job and slot, claimed by an
-- insert that conflicts, so several instances run each slot once; failed runs are tried again.
CREATE TABLE "scheduled_job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	CONSTRAINT "scheduled_job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
