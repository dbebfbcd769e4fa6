import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readChainHealth } from "#src/lib/chain/read-chain-health"
import { resolveLedger } from "../utils/resolve-ledger"

/**
 * The health panel: per configured chain what readChainHealth reads now, the time of the last
 * webhook received, and the last reconcile run with its result. Only chain ids, addresses and
 * checks leave the server: never the RPC URLs (they may hold keys), the api key or the secrets.
 * `webhooks_missing` lists payments the service reports confirmed (it has sent `payment_confirmed`)
 * for which this store never received a webhook: the service's webhooks do not reach it.
 * `captures_unconfirmed` lists payments Medusa shows captured without the plugin's confirmation
 * for their session (attention capture_unconfirmed): nothing the plugin trusts says they were paid.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = resolveLedger(req.scope)
  const { chains, rpcTimeoutMs, captureOnReconcile, acceptLatePayments, reconcile } = ledger.options
  const [health, [lastEvent], [lastRun], webhooksMissing, [unconfirmed, unconfirmedCount]] = await Promise.all([
    Promise.all(
      chains.map((chain) =>
        readChainHealth({ chain, timeoutMs: rpcTimeoutMs, client: ledger.rpcClient(chain.chainId)! }),
      ),
    ),
    ledger.listStablecoinWebhookEvents(
      {},
      { take: 1, order: { received_at: "DESC" }, select: ["event_id", "type", "state", "received_at"] },
    ),
    ledger.listStablecoinReconcileRuns({}, { take: 1, order: { started_at: "DESC" } }),
    ledger.listConfirmedPaymentsWithoutWebhook(),
    ledger.listAndCountStablecoinPayments(
      { attention: "capture_unconfirmed" },
      { take: 20, order: { updated_at: "DESC" }, select: ["id", "payment_id", "payment_session_id"] },
    ),
  ])
  const links = await ledger.listPaymentLinks(
    unconfirmed.flatMap((r) => (r.payment_session_id ? [r.payment_session_id] : [])),
  )
  res.json({
    chains: health.map((h) => {
      const chain = chains.find((c) => c.chainId === h.chainId)!
      return { ...h, factory: chain.factory, payout: chain.payout }
    }),
    last_webhook: lastEvent ?? null,
    last_reconcile_run: lastRun ?? null,
    webhooks_missing: webhooksMissing,
    captures_unconfirmed: {
      count: unconfirmedCount,
      payments: unconfirmed.map((r) => ({
        id: r.id,
        payment_id: r.payment_id,
        order_id: (r.payment_session_id && links.get(r.payment_session_id)?.order_id) || undefined,
      })),
    },
    settings: {
      capture_on_reconcile: captureOnReconcile,
      accept_late_payments: acceptLatePayments,
      reconcile_enabled: reconcile.enabled,
    },
  })
}
