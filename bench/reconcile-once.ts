import type { ExecArgs } from "@medusajs/framework/types"
import { reconcileStablecoinPaymentsWorkflow } from "../src/workflows/reconcile-stablecoin-payments"

/** `medusa exec ./bench/reconcile-once.ts`: one reconcile run, timed in-process; prints RECONCILE_RUN {ms, result}. */
export default async function reconcileOnce({ container }: ExecArgs) {
  const now = process.env.BENCH_RECONCILE_NOW ?? new Date(Date.now() + 10 * 60_000).toISOString()
  const start = performance.now()
  const { result } = await reconcileStablecoinPaymentsWorkflow(container).run({ input: { now } })
  const ms = performance.now() - start
  process.stdout.write(`\nRECONCILE_RUN ${JSON.stringify({ ms, result })}\n`)
}
