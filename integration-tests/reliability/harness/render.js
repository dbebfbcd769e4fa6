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
const ms = (x) => (typeof x === "number" ? `${Math.round(x)} ms` : "n/a")
const j = (x) => (x === undefined ? "n/a" : typeof x === "string" ? x : JSON.stringify(x))
const deliveries = (x) =>
  x ? `${x.attempts} (${x.answered2xx} 2xx, ${j(x.otherAnswers)}, ${x.timedOut} timed out)` : "n/a"
const row = (label, f) => `| ${label} | ${f(pg)} | ${f(rd)} |`

const lines = [
  `Machine: ${pg.machine?.cpus ?? rd.machine?.cpus} × ${pg.machine?.cpuModel ?? rd.machine?.cpuModel}, ${pg.machine?.memoryGb ?? rd.machine?.memoryGb} GB, ${pg.machine?.platform ?? rd.machine?.platform}, Node ${pg.machine?.node ?? rd.machine?.node}.`,
  "",
  "| Figure | Postgres locking | Redis (locking, event bus, workflow engine) |",
  "| --- | --- | --- |",
  row("Setup: database, migrate, seed, two boots", (d) => s(d.setup?.totalMs)),
  row("Boot of `medusa start` (shared / server)", (d) =>
    d.setup ? Object.values(d.setup.bootMs).map(s).join(" / ") : "n/a",
  ),
  row("DB connections at rest (both processes)", (d) => j(d.connectionsAtRest)),
  row("50× one event: answers", (d) => j(d.sameEvent50x?.answers)),
  row("50× one event: all answered in", (d) => s(d.sameEvent50x?.allAnsweredMs)),
  row("50× one event: orders / payments / captures", (d) =>
    d.sameEvent50x ? `${d.sameEvent50x.orders} / ${d.sameEvent50x.payments} / ${d.sameEvent50x.captures}` : "n/a",
  ),
  row("Webhook + confirm + reconcile at once: outcomes", (d) =>
    d.webhookConfirmReconcile
      ? `webhook ${d.webhookConfirmReconcile.webhook}, confirm ${d.webhookConfirmReconcile.confirm}, reconcile captured ${d.webhookConfirmReconcile.reconcile.captured}; captures ${d.webhookConfirmReconcile.captures}`
      : "n/a",
  ),
  row("Two reconcile processes: polled by each / status requests for 6 payments", (d) =>
    d.twoReconcileRuns ? `${d.twoReconcileRuns.polledByRun.join(" + ")} / ${d.twoReconcileRuns.statusRequests}` : "n/a",
  ),
  row("Load: checkouts / payer wallets", (d) => (d.load ? `${d.load.checkouts} / ${d.load.payers ?? 1}` : "n/a")),
  row("Load: first-attempt session failures (answer) / retry rounds until all had a session", (d) =>
    d.load
      ? `${d.load.firstAttemptFailures ?? d.load.sessionFailures?.length} (${j(d.load.failureCodes ?? [])}) / ${d.load.retryRounds ?? "n/a"}`
      : "n/a",
  ),
  row("Load: service requests for the sessions / answered 429", (d) =>
    d.load ? `${d.load.serviceRequestsForSessions ?? "n/a"} / ${d.load.serviceAnswered429 ?? "n/a"}` : "n/a",
  ),
  row("Load: session creation p50 / p99", (d) =>
    d.load ? `${s(d.load.sessionCreationMs.p50)} / ${s(d.load.sessionCreationMs.p99)}` : "n/a",
  ),
  row("Load: first checkout started → last payment sent", (d) => s(d.load?.lastPaymentSentMs)),
  row("Load: session start → captured order p50 / p99", (d) =>
    d.load?.sessionToCapturedMs ? `${s(d.load.sessionToCapturedMs.p50)} / ${s(d.load.sessionToCapturedMs.p99)}` : "n/a",
  ),
  row("Load: paid → captured p50 / p99", (d) =>
    d.load?.paidToCapturedMs ? `${s(d.load.paidToCapturedMs.p50)} / ${s(d.load.paidToCapturedMs.p99)}` : "n/a",
  ),
  row("Load: captured from their webhooks within 120 s", (d) =>
    d.load ? `${d.load.capturedFromWebhooksWithin120s} of ${d.load.sessionsCreated}` : "n/a",
  ),
  row("Load: webhook delivery attempts (2xx, other answers, sender timeouts after 5 s)", (d) =>
    deliveries(d.load?.webhookDeliveries),
  ),
  row("Load: events not processed after 120 s", (d) => (d.load ? j(d.load.eventsNotProcessedAfter120s) : "n/a")),
  row("Load: reconcile runs after (captured by each, duration)", (d) =>
    d.load
      ? j((d.load.reconcileRunsAfter ?? []).map((r) => `${r.captured + r.events.captured} in ${s(r.runMs)}`))
      : "n/a",
  ),
  row("Load: captured in the end / refunds recorded / carts without order", (d) =>
    d.load
      ? `${d.load.capturedInTheEnd} / ${d.load.paymentsWithRefundRecorded} / ${d.load.cartsWithoutOrder ?? "n/a"}`
      : "n/a",
  ),
  row("Load: most DB connections seen during the load (pool 10 per process)", (d) => j(d.load?.maxDbConnections)),
  row("Load: webhook acknowledgement (payment_confirmed, while the load is captured) p50 / p99 / max", (d) =>
    d.load?.webhookAckMs
      ? `${ms(d.load.webhookAckMs.p50)} / ${ms(d.load.webhookAckMs.p99)} / ${ms(d.load.webhookAckMs.max)}`
      : "n/a",
  ),
  row(
    "Load: storefront completes as its payment is sent: orders / 409s before / payment sent → order p50 / p99",
    (d) =>
      d.load?.storefrontCompletes
        ? `${d.load.storefrontCompletes.orders} / ${d.load.storefrontCompletes.refusedWhileNotInFlight} / ${s(d.load.storefrontCompletes.paymentSentToOrderMs.p50)} / ${s(d.load.storefrontCompletes.paymentSentToOrderMs.p99)}`
        : "n/a",
  ),
  row("Load: payment_confirmed → captured p50 / p99", (d) =>
    d.load?.confirmationToCapturedMs
      ? `${s(d.load.confirmationToCapturedMs.p50)} / ${s(d.load.confirmationToCapturedMs.p99)}`
      : "n/a",
  ),
  row("`pp_system_default` at the load's arrivals: complete p50 / p99; admin capture p50 / p99", (d) =>
    d.systemDefault
      ? `${s(d.systemDefault.completeMs.p50)} / ${s(d.systemDefault.completeMs.p99)}; ${s(d.systemDefault.adminCaptureMs.p50)} / ${s(d.systemDefault.adminCaptureMs.p99)}`
      : "n/a",
  ),
  row(
    "Ratio deferred / `pp_system_default` (p50, p99): payment sent → order vs complete; confirmation → capture vs admin capture",
    (d) =>
      d.systemDefault?.ratios
        ? `${d.systemDefault.ratios.paymentSentToOrderVsComplete.p50}×, ${d.systemDefault.ratios.paymentSentToOrderVsComplete.p99}×; ${d.systemDefault.ratios.confirmationToCaptureVsAdminCapture.p50}×, ${d.systemDefault.ratios.confirmationToCaptureVsAdminCapture.p99}×`
        : "n/a",
  ),
  row(
    "Hang-up storm: completes / carts / answered before the hang-up / locks held 3 s after / a complete right after",
    (d) =>
      d.hangUpStorm
        ? `${d.hangUpStorm.requests} / ${d.hangUpStorm.carts} / ${d.hangUpStorm.answeredBeforeHangUp} / ${d.hangUpStorm.locksAfterStorm.held.length} / ${d.hangUpStorm.completeRightAfter.status} ${d.hangUpStorm.completeRightAfter.code} in ${ms(d.hangUpStorm.completeRightAfter.ms)}`
        : "n/a",
  ),
  row(
    "Hang-up storm: then paid (storm cart, fresh cart) → order / → captured; a further payment → order / → captured",
    (d) =>
      d.hangUpStorm
        ? `${d.hangUpStorm.paidToOrderMs.map(s).join(", ")} / ${d.hangUpStorm.paidToCapturedMs.map(s).join(", ")}; ${d.hangUpStorm.furtherPayment.paidToOrderMs.map(s).join(", ")} / ${d.hangUpStorm.furtherPayment.paidToCapturedMs.map(s).join(", ")}`
        : "n/a",
  ),
  row("Completion flood: clients / requests (per s) / answers", (d) =>
    d.completionFlood
      ? `${d.completionFlood.clients} / ${d.completionFlood.floodRequests} (${d.completionFlood.floodRequestsPerSecond}/s) / ${j(d.completionFlood.floodAnswers)}`
      : "n/a",
  ),
  row("Completion flood: paid → captured p50 / p99 without, with the flood (ratio)", (d) => {
    const f = d.completionFlood?.paidToCapturedMs
    return f
      ? `${s(f.withoutFlood.p50)} / ${s(f.withoutFlood.p99)}, ${s(f.withFlood.p50)} / ${s(f.withFlood.p99)} (${f.ratio.p50}×, ${f.ratio.p99}×)`
      : "n/a"
  }),
  row("Polling flood: pages / carts / seconds / page answers (per s) / statuses / answer p50 / p99 / stale", (d) => {
    const f = d.pollingFlood
    return f
      ? `${f.pages} / ${f.carts} / ${f.seconds} / ${f.pageAnswers} (${f.pageAnswersPerSecond}/s) / ${j(f.pageStatuses)} / ${s(f.pageAnswerMs.p50)} / ${s(f.pageAnswerMs.p99)} / ${f.staleAnswers}`
      : "n/a"
  }),
  row(
    "Polling flood: service reads (per s, peak in one second) / budget per s; real checkouts paid → order, → captured p50 / p99",
    (d) => {
      const f = d.pollingFlood
      return f
        ? `${f.serviceReads} (${f.serviceReadsPerSecond}/s, ${f.peakReadsInOneSecond}) / ${f.storefrontReadsPerSecond}; ${s(f.realPaidToOrderMs.p50)} / ${s(f.realPaidToOrderMs.p99)}, ${s(f.realPaidToCapturedMs.p50)} / ${s(f.realPaidToCapturedMs.p99)}`
        : "n/a"
    },
  ),
  row("Crash: event state when killed (claimed / session / capture)", (d) => j(d.crash?.claimedBeforeKill)),
  row("Crash: the service's retry to a live instance", (d) =>
    j(d.crash?.retryToSurvivor?.map((r) => `${r.status} ${r.state}`)),
  ),
  row("Crash: restart boot after kill -9", (d) => (d.crash ? d.crash.restartBootMs.map(s).join(", ") : "n/a")),
  row("Crash: captured by the next reconcile run (poll)", (d) => j(d.crash?.capturedByTheFirstRun)),
  row("Crash: next run, duration", (d) => s(d.crash?.reconcileRuns?.[0]?.runMs)),
  row("Crash: run after the 120 s window (events re-processed / captured), duration", (d) => {
    const r = d.crash?.reconcileRuns?.[1]
    return r ? `${r.webhookEvents.processed} / ${r.webhookEvents.captured}, ${s(r.runMs)}` : "n/a"
  }),
  row("Crash: final event outcomes", (d) => j(d.crash?.eventsAfter?.map((e) => e.outcome))),
  row("Confirm cut off by kill -9: ledger after the kill", (d) =>
    d.confirmCrash
      ? `${d.confirmCrash.ledgerAfterKill.status}, captured_at ${d.confirmCrash.ledgerAfterKill.captured_at ?? "null"}, ${d.confirmCrash.ledgerAfterKill.attention}`
      : "n/a",
  ),
  row("Confirm cut off: reconcile within / after the 120 s window (selected, captured)", (d) =>
    d.confirmCrash ? d.confirmCrash.reconcileRuns.map((r) => `${r.selected}, ${r.captured}`).join(" / ") : "n/a",
  ),
  row("Confirm cut off: in the end payments / captures / orders, kill → captured", (d) =>
    d.confirmCrash
      ? `${d.confirmCrash.medusa.payments} / ${d.confirmCrash.medusa.captures} / ${d.confirmCrash.orders}, ${s(d.confirmCrash.msSinceKill)}`
      : "n/a",
  ),
  row("Variant's run (first test to last, without jest's start)", (d) =>
    d.startedAt && d.finishedAt ? s(Date.parse(d.finishedAt) - Date.parse(d.startedAt)) : "n/a",
  ),
]
const storms = [pg, rd].find((d) => d.faultStorms)
if (storms) {
  const f = storms.faultStorms
  const settled = (x) =>
    x ? `${x.paid} paid: ${x.capturedByWebhook} captured by webhook, ${x.capturedByReconcile} by reconcile` : "n/a"
  const retried = (x) => (x ? `${x.tried} retried → ${x.created} sessions in ${x.rounds} round(s)` : "n/a")
  lines.push(
    "",
    `Fault storms (${storms.variant} variant):`,
    "",
    "| Storm | Figure |",
    "| --- | --- |",
    `| 429 storm: checkouts / forced 429s / sessions created during the storm (${s(f.rateLimitStorm?.stormMs)}) | ${f.rateLimitStorm ? `${f.rateLimitStorm.checkouts} / ${f.rateLimitStorm.forced429} / ${f.rateLimitStorm.sessionsCreated}` : "n/a"} |`,
    `| 429 storm: failures | ${j(f.rateLimitStorm?.failures)} |`,
    `| 429 storm: requests the service received (endpoint status: count) | ${j(f.rateLimitStorm?.requests)} |`,
    `| 429 storm: create-quote sent / budget | ${f.rateLimitStorm ? `${f.rateLimitStorm.createQuoteSent} / ${f.rateLimitStorm.budget}` : "n/a"} |`,
    `| 429 storm: peak requests in one second / shortest resend of one quote's deposit after a 429 | ${f.rateLimitStorm ? `${f.rateLimitStorm.peakRequestsPerSecond} / ${f.rateLimitStorm.minResendGapMs} ms` : "n/a"} |`,
    `| 429 storm: after it | ${retried(f.rateLimitStorm?.retriedAfterStorm)}; ${settled(f.rateLimitStorm)} |`,
    `| create-quote 502s: checkouts / forced 502s / sessions created | ${f.quote502 ? `${f.quote502.checkouts} / ${f.quote502.forced502} / ${f.quote502.sessionsCreated}` : "n/a"} |`,
    `| create-quote 502s: failures / requests | ${f.quote502 ? `${j(f.quote502.failures)} / ${j(f.quote502.requests)}` : "n/a"} |`,
    `| create-quote 502s: budget / after | ${f.quote502 ? `${f.quote502.budget} / ${retried(f.quote502.retriedAfterStorm)}; ${settled(f.quote502)}` : "n/a"} |`,
    `| Plugin's RPC down: running processes (facts proven before) | ${f.rpcDown ? `${f.rpcDown.pluginRpcOnly.warmProcesses.sessionsCreated} of ${f.rpcDown.pluginRpcOnly.warmProcesses.checkouts} sessions, each with its proof` : "n/a"} |`,
    `| Plugin's RPC down: a process started during it | ${f.rpcDown ? `${f.rpcDown.pluginRpcOnly.processStartedWhileDown.sessionsCreated} of ${f.rpcDown.pluginRpcOnly.processStartedWhileDown.checkouts} sessions; ${j(f.rpcDown.pluginRpcOnly.processStartedWhileDown.failures)}` : "n/a"} |`,
    `| Chain RPC down (service and plugin, ${s(f.rpcDown?.chainRpc?.outageMs)}): sessions / failures / service requests | ${f.rpcDown?.chainRpc ? `${f.rpcDown.chainRpc.sessionsCreatedDuring} of ${f.rpcDown.chainRpc.checkoutsDuring} / ${j(f.rpcDown.chainRpc.failures)} / ${j(f.rpcDown.chainRpc.serviceRequestsDuring)}` : "n/a"} |`,
    `| Chain RPC down: paid meanwhile / swept meanwhile / RPC back → all captured | ${f.rpcDown?.chainRpc ? `${f.rpcDown.chainRpc.paidDuringOutage} / ${f.rpcDown.chainRpc.sweptDuringOutage} / ${s(f.rpcDown.chainRpc.upToAllCapturedMs)}` : "n/a"} |`,
    `| RPC down: after | ${f.rpcDown ? `${retried(f.rpcDown.retriedAfter)}; ${settled(f.rpcDown)}` : "n/a"} |`,
    `| Service down (${s(f.serviceDown?.outageMs)}): failures | ${j(f.serviceDown?.failures)} |`,
    `| Service down: reconcile run during it (selected / polled / failed / captured / stopped as unreachable) | ${f.serviceDown ? Object.values(f.serviceDown.reconcileWhileDown).join(" / ") : "n/a"} |`,
    `| Service down: paid meanwhile, webhooks lost / reconcile after (selected, polled, captured, duration) / back → all captured | ${f.serviceDown ? `${f.serviceDown.paidDuringOutage} / ${f.serviceDown.reconcileAfter.selected}, ${f.serviceDown.reconcileAfter.polled}, ${f.serviceDown.reconcileAfter.captured}, ${s(f.serviceDown.reconcileAfter.runMs)} / ${s(f.serviceDown.upToAllCapturedMs)}` : "n/a"} |`,
    `| Service down: after | ${f.serviceDown ? `${retried(f.serviceDown.retriedAfter)}; ${settled(f.serviceDown)}` : "n/a"} |`,
    `| Receiver down: schedule / down for (s of the schedule, least-most per event) / captured while down | ${f.receiverDown ? `${f.receiverDown.schedule} / ${f.receiverDown.downForScheduleSeconds.leastForAnEvent}-${f.receiverDown.downForScheduleSeconds.mostForAnEvent} / ${f.receiverDown.capturedWhileDown}` : "n/a"} |`,
    `| Receiver down: failed attempts while down / attempt that got through / back → all captured | ${f.receiverDown ? `${f.receiverDown.failedAttemptsWhileDown} / ${j(f.receiverDown.successfulAttempt)} / ${s(f.receiverDown.upToAllCapturedMs)}` : "n/a"} |`,
    `| Receiver down past the whole schedule: payments / deliveries exhausted / captured by the next reconcile run | ${f.receiverDown ? `${f.receiverDown.pastTheSchedule.payments} / ${f.receiverDown.pastTheSchedule.deliveriesExhausted} / ${f.receiverDown.pastTheSchedule.reconcileCaptured}` : "n/a"} |`,
    `| Out of order ×3: payments / delivery attempts (2xx, other answers, sender timeouts) / sent in event order / event outcomes | ${f.outOfOrderDuplicates ? `${f.outOfOrderDuplicates.payments} / ${deliveries(f.outOfOrderDuplicates.deliveries)} / ${f.outOfOrderDuplicates.deliveredInEventOrder} / ${j(f.outOfOrderDuplicates.eventOutcomes)}` : "n/a"} |`,
    `| Out of order ×3: after | ${settled(f.outOfOrderDuplicates)} |`,
  )
}
process.stdout.write(lines.join("\n") + "\n")
