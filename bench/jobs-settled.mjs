// A built server's first start on a bench database runs the day's scheduled jobs beside the requests
// (on bench_transactions the licence job over 189,351 merchants takes ~2 min): a bench measuring then
// measures them too. Waits until no scheduled job has been under way for `quietMs` (they run one after
// another, back to back), and says how long it waited.
export async function scheduledJobsSettled(sql, { quietMs = 5_000, pollMs = 500, log = console.log } = {}) {
  const started = Date.now()
  let quietSince = Date.now()
  for (;;) {
    const [{ running }] = await sql`select count(*)::int as running from scheduled_job_runs
      where started_at is not null and finished_at is null`
    if (running > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) break
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  const waited = Date.now() - started - quietMs
  if (waited > pollMs) log(`  waited ${(waited / 1000).toFixed(0)} s for the server's scheduled jobs to finish`)
}
