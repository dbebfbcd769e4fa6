import fs from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"

/** Marks the stdout line the harness reads the run's result from. */
export const RECONCILE_MARKER = "RECONCILE_RESULT "

/**
 * `medusa exec` this file: one reconcile run in its own process (the reconcile job's use case,
 * as a worker runs it every minute). With RECONCILE_READY_FILE/RECONCILE_GO_FILE it boots, writes
 * the ready file, and waits for the go file, so several processes start their run at one moment.
 * RECONCILE_MINUTES_LATER runs it as if that much later (every payment due).
 */
export default async function reconcileRun({ container }: ExecArgs) {
  const ready = process.env.RECONCILE_READY_FILE
  const go = process.env.RECONCILE_GO_FILE
  if (ready) fs.writeFileSync(ready, String(Date.now()))
  if (go) while (!fs.existsSync(go)) await new Promise((r) => setTimeout(r, 5))
  const startedAt = Date.now()
  const minutes = Number(process.env.RECONCILE_MINUTES_LATER ?? 10)
  const result = await reconcileStablecoinPayments(container, {
    now: new Date(Date.now() + minutes * 60_000).toISOString(),
  })
  process.stdout.write(`\n${RECONCILE_MARKER}${JSON.stringify({ ...result, startedAt, finishedAt: Date.now() })}\n`)
}
