// Prints the figures of the last `npm run test:reliability` (integration-tests/reliability/results/*.json)
// as the Markdown tables RELIABILITY.md quotes: node integration-tests/reliability/harness/render.js
const fs = require("node:fs")
const path = require("node:path")

const dir = path.join(__dirname, "..", "results")
const load = (v) => {
  const f = path.join(dir, `${v}.json`)
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : {}
}
const pg = load("postgres")
const rd = load("redis")
const s = (ms) => (typeof ms === "number" ? `${(ms / 1000).toFixed(1)} s` : "n/a")
const j = (x) => (x === undefined ? "n/a" : typeof x === "string" ? x : JSON.stringify(x))
const row = (label, f) => `| ${label} | ${f(pg)} | ${f(rd)} |`

const lines = [
  `Machine: ${pg.machine?.cpus ?? rd.machine?.cpus} × ${pg.machine?.cpuModel ?? rd.machine?.cpuModel}, ${pg.machine?.memoryGb ?? rd.machine?.memoryGb} GB, ${pg.machine?.platform ?? rd.machine?.platform}, Node ${pg.machine?.node ?? rd.machine?.node}.`,
  "",
  "| Figure | Postgres locking | Redis (locking, event bus, workflow engine) |",
  "| --- | --- | --- |",
  row("Setup: database, migrate, seed, two boots", (d) => s(d.setup?.totalMs)),
  row("Boot of `medusa start` (shared / server)", (d) => (d.setup ? Object.values(d.setup.bootMs).map(s).join(" / ") : "n/a")),
  row("DB connections at rest (both processes)", (d) => j(d.connectionsAtRest)),
  row("50× one event: answers", (d) => j(d.sameEvent50x?.answers)),
  row("50× one event: all answered in", (d) => s(d.sameEvent50x?.allAnsweredMs)),
  row("50× one event: orders / payments / captures", (d) => (d.sameEvent50x ? `${d.sameEvent50x.orders} / ${d.sameEvent50x.payments} / ${d.sameEvent50x.captures}` : "n/a")),
  row("Webhook + confirm + reconcile at once: outcomes", (d) => (d.webhookConfirmReconcile ? `webhook ${d.webhookConfirmReconcile.webhook}, confirm ${d.webhookConfirmReconcile.confirm}, reconcile captured ${d.webhookConfirmReconcile.reconcile.captured}; captures ${d.webhookConfirmReconcile.captures}` : "n/a")),
  row("Two reconcile processes: polled by each / status requests for 6 payments", (d) => (d.twoReconcileRuns ? `${d.twoReconcileRuns.polledByRun.join(" + ")} / ${d.twoReconcileRuns.statusRequests}` : "n/a")),
  row("Load: checkouts / sessions created / session failures", (d) => (d.load ? `${d.load.checkouts} / ${d.load.sessionsCreated} / ${d.load.sessionFailures.length}` : "n/a")),
  row("Load: session creation p50 / p99", (d) => (d.load ? `${s(d.load.sessionCreationMs.p50)} / ${s(d.load.sessionCreationMs.p99)}` : "n/a")),
  row("Load: captured from their webhooks within 60 s", (d) => (d.load ? `${d.load.capturedFromWebhooksWithin60s} of ${d.load.sessionsCreated}` : "n/a")),
  row("Load: swept → captured p50 / p99", (d) => (d.load ? `${s(d.load.sweptToCapturedMs.p50)} / ${s(d.load.sweptToCapturedMs.p99)}` : "n/a")),
  row("Load: events not processed after 60 s", (d) => (d.load ? j(d.load.eventsNotProcessedAfter60s) : "n/a")),
  row("Load: reconcile runs after (captured by each, duration)", (d) => (d.load ? j((d.load.reconcileRunsAfter ?? []).map((r) => `${r.captured + r.events.captured} in ${s(r.runMs)}`)) : "n/a")),
  row("Load: captured in the end / refunds recorded / carts without order", (d) => (d.load ? `${d.load.capturedInTheEnd} / ${d.load.paymentsWithRefundRecorded} / ${d.load.cartsWithoutOrder ?? "n/a"}` : "n/a")),
  row("Load: most DB connections seen during the load (pool 10 per process)", (d) => j(d.load?.maxDbConnections)),
  row("Crash: event state when killed (claimed / session / capture)", (d) => j(d.crash?.claimedBeforeKill)),
  row("Crash: the service's retry to a live instance", (d) => j(d.crash?.retryToSurvivor?.map((r) => `${r.status} ${r.state}`))),
  row("Crash: restart boot after kill -9", (d) => (d.crash ? d.crash.restartBootMs.map(s).join(", ") : "n/a")),
  row("Crash: captured by the next reconcile run (poll)", (d) => j(d.crash?.capturedByTheFirstRun)),
  row("Crash: next run, duration", (d) => s(d.crash?.reconcileRuns?.[0]?.runMs)),
  row("Crash: run after the 120 s window (events re-processed / captured), duration", (d) => {
    const r = d.crash?.reconcileRuns?.[1]
    return r ? `${r.webhookEvents.processed} / ${r.webhookEvents.captured}, ${s(r.runMs)}` : "n/a"
  }),
  row("Crash: final event outcomes", (d) => j(d.crash?.eventsAfter?.map((e) => e.outcome))),
]
process.stdout.write(lines.join("\n") + "\n")
