import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readChainHealth } from "../../../../lib/chain/read-chain-health"
import { CONFIRMATION_SENT_STATUSES } from "../../../../lib/status"
import { resolveLedger } from "../utils/resolve-ledger"

/**
 * The health panel: per configured chain what readChainHealth reads now, the time of the last
 * webhook received, and the last reconcile run with its result. Only chain ids, addresses and
 * checks leave the server: never the RPC URLs (they may hold keys), the api key or the secrets.
 * `webhooks_missing` lists payments the service reports confirmed (it has sent `payment_confirmed`)
 * for which this store never received a webhook: the service's webhooks do not reach it.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = resolveLedger(req.scope)
  const { chains, rpcTimeoutMs, captureOnReconcile, acceptLatePayments, reconcile } = ledger.options
  const [health, [lastEvent], [lastRun], webhooksMissing] = await Promise.all([
    Promise.all(chains.map((chain) => readChainHealth({ chain, timeoutMs: rpcTimeoutMs }))),
    ledger.listStablecoinWebhookEvents({}, { take: 1, order: { received_at: "DESC" }, select: ["event_id", "type", "state", "received_at"] }),
    ledger.listStablecoinReconcileRuns({}, { take: 1, order: { started_at: "DESC" } }),
    paymentsWithoutWebhook(ledger),
  ])
  res.json({
    chains: health.map((h) => {
      const chain = chains.find((c) => c.chainId === h.chainId)!
      return { ...h, factory: chain.factory, payout: chain.payout }
    }),
    last_webhook: lastEvent ?? null,
    last_reconcile_run: lastRun ?? null,
    webhooks_missing: webhooksMissing,
    settings: { capture_on_reconcile: captureOnReconcile, accept_late_payments: acceptLatePayments, reconcile_enabled: reconcile.enabled },
  })
}

/** How many recent confirmed payments the check looks at: enough to see a pattern, one bounded query. */
const RECENT = 50

/**
 * The most recent payments (ledger status, from polling or a refresh) the service has confirmed,
 * less those with a webhook event of their own: none of a store whose webhooks arrive, except for
 * the moment between the service's poll answer and its delivery.
 */
async function paymentsWithoutWebhook(ledger: ReturnType<typeof resolveLedger>) {
  const confirmed = await ledger.listStablecoinPayments(
    { $or: Object.entries(CONFIRMATION_SENT_STATUSES).map(([rail, status]) => ({ rail, status: [...status] })) } as never,
    { take: RECENT, order: { updated_at: "DESC" }, select: ["payment_id", "rail", "status", "updated_at"] },
  )
  if (!confirmed.length) return { count: 0, payments: [] }
  const events = await ledger.listStablecoinWebhookEvents({ payment_id: confirmed.map((p) => p.payment_id) }, { select: ["payment_id"] })
  const heard = new Set(events.map((e) => e.payment_id))
  const payments = confirmed.filter((p) => !heard.has(p.payment_id)).map(({ payment_id, rail, status }) => ({ payment_id, rail, status }))
  return { count: payments.length, payments }
}
