import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { reconcileStablecoinPayments } from "#src/use-cases/reconcile/reconcile-stablecoin-payments"

/** `medusa exec ./bench/reconcile-once.ts`: one reconcile run, timed in-process; prints RECONCILE_RUN {ms, result}. */
export default async function reconcileOnce({ container }: ExecArgs) {
  const now = process.env.BENCH_RECONCILE_NOW ?? new Date(Date.now() + 10 * 60_000).toISOString()
  const start = performance.now()
  const result = await reconcileStablecoinPayments(container, { now })
  const ms = performance.now() - start
  const json = JSON.stringify({ ms, result })
  if (process.env.BENCH_EXEC_RESULT) writeFileSync(process.env.BENCH_EXEC_RESULT, json)
  process.stdout.write(`\nRECONCILE_RUN ${json}\n`)
}
