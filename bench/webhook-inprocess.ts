import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { randomBytes } from "node:crypto"
import { handleWebhook } from "#src/api/hooks/stablecoin/handle-webhook"
import { signWebhookPayload } from "#src/lib/webhooks/index"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { processStoredWebhookEvent } from "#src/use-cases/process-stored-webhook-event"
import { summarize } from "./lib/stats"

/** Event states in which its application has ended. */
const FINISHED = new Set(["processed", "ignored", "failed"])

/**
 * `medusa exec ./bench/webhook-inprocess.ts` (run by checkout.bench.ts with BENCH_WEBHOOK_INPUT):
 * the plugin's own webhook work called in-process, without Medusa's HTTP stack and without
 * processPaymentWorkflow: handleWebhook (the acknowledgement: verify, record, hand on; the application
 * runs after it, off the request path) for (a) a new signed event of an already captured payment
 * (latency of the acknowledgement; CPU until its application finished; and the application alone,
 * one event at a time),
 * (b) a duplicate delivery, (c) a forged 64 KB body; CPU per event from process.cpuUsage (one core).
 * Prints WEBHOOK_INPROCESS {json}.
 */
export default async function webhookInProcess({ container }: ExecArgs) {
  const input = JSON.parse(process.env.BENCH_WEBHOOK_INPUT!) as {
    secret: string
    captured: string[]
    duplicate: string
    runs: number
    seconds: number
  }
  const sign = (body: string) => signWebhookPayload({ payload: body, secret: input.secret })
  const again = (i: number) => {
    const first = JSON.parse(input.captured[i % input.captured.length]!)
    return JSON.stringify({
      ...first,
      id: `evt_inproc_${randomBytes(8).toString("hex")}`,
      createdAt: new Date().toISOString(),
    })
  }
  const forged = Buffer.from(
    JSON.stringify({
      id: "evt_forged",
      type: "payment_confirmed",
      createdAt: new Date().toISOString(),
      data: { pad: "x".repeat(64 * 1024 - 120) },
    }),
  )
  const forgedSig = `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`
  const dup = Buffer.from(input.duplicate)
  const dupSig = sign(input.duplicate)

  // Warm-up.
  for (let i = 0; i < 20; i++) {
    await handleWebhook(container, Buffer.from(again(i)), undefined).catch(() => {})
    await handleWebhook(container, dup, dupSig)
  }
  const latency = async (
    make: (i: number) => [Buffer, string],
    expect: (r: Awaited<ReturnType<typeof handleWebhook>>) => boolean,
  ) => {
    const times: number[] = []
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < input.runs; i++) {
      const [body, sig] = make(i)
      const t = performance.now()
      const r = await handleWebhook(container, body, sig)
      times.push(performance.now() - t)
      if (!expect(r)) throw new Error(`unexpected: ${JSON.stringify(r)}`)
    }
    const cpu = process.cpuUsage(cpu0)
    return { ...summarize(times), cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / input.runs }
  }
  // The acknowledgement hands the event to a subscriber in this process: its application runs after
  // handleWebhook returns. ownApplied counts the CPU until every event of the phase is applied, so the
  // next phase starts with nothing left running and the per-event figure includes the application.
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const ownIds: string[] = []
  const ownCpu0 = process.cpuUsage()
  const own = await latency(
    (i) => {
      const b = again(i)
      ownIds.push(JSON.parse(b).id)
      return [Buffer.from(b), sign(b)]
    },
    (r) => r.status === 200 && r.body.duplicate === false,
  )
  for (;;) {
    const rows = await ledger.listStablecoinWebhookEvents({ event_id: ownIds }, { select: ["state"] })
    if (rows.length === ownIds.length && rows.every((r) => FINISHED.has(r.state))) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const ownCpu = process.cpuUsage(ownCpu0)
  const ownApplied = { cpuMsPerEvent: (ownCpu.user + ownCpu.system) / 1000 / input.runs }
  // The application alone, one event at a time (no concurrent events waiting on one payment's lock):
  // the event is recorded as the acknowledgement records it, then applied in this call.
  const appliedTimes: number[] = []
  const appliedCpu0 = process.cpuUsage()
  for (let i = 0; i < input.runs; i++) {
    const event = JSON.parse(again(i))
    await ledger.recordWebhookEvent({
      event_id: event.id,
      type: event.type,
      payment_id: event.data.paymentId,
      payload: event,
    })
    const t = performance.now()
    const result = await processStoredWebhookEvent(container, event.id)
    appliedTimes.push(performance.now() - t)
    if (result?.outcome !== "already_captured") throw new Error(`unexpected: ${JSON.stringify(result)}`)
  }
  const appliedCpu = process.cpuUsage(appliedCpu0)
  const applied = {
    ...summarize(appliedTimes),
    cpuMsPerEvent: (appliedCpu.user + appliedCpu.system) / 1000 / input.runs,
  }
  // BENCH_INPROC_ONLY=own: only the first measurement (a focused CPU profile of the already-captured path).
  if (process.env.BENCH_INPROC_ONLY === "own") {
    if (process.env.BENCH_EXEC_RESULT)
      writeFileSync(process.env.BENCH_EXEC_RESULT, JSON.stringify({ own, ownApplied, applied }))
    return
  }
  const duplicate = await latency(
    () => [dup, dupSig],
    (r) => r.status === 200 && r.body.duplicate === true,
  )
  const forgedLatency = await latency(
    () => [forged, forgedSig],
    (r) => r.status === 401,
  )

  const rate = async (make: () => [Buffer, string], concurrency: number) => {
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    const end = Date.now() + input.seconds * 1000
    let n = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          const [b, s] = make()
          await handleWebhook(container, b, s)
          n++
        }
      }),
    )
    const cpu = process.cpuUsage(cpu0)
    const wall = (performance.now() - t0) / 1000
    return { n, wall, perWallSecond: n / wall, perCpuSecond: n / ((cpu.user + cpu.system) / 1e6) }
  }
  const duplicates = await rate(() => [dup, dupSig], 8)
  const forgedRate = await rate(() => [forged, forgedSig], 8)
  const result = JSON.stringify({ own, ownApplied, applied, duplicate, forged: forgedLatency, duplicates, forgedRate })
  if (process.env.BENCH_EXEC_RESULT) writeFileSync(process.env.BENCH_EXEC_RESULT, result)
  process.stdout.write(`\nWEBHOOK_INPROCESS ${result}\n`)
}
