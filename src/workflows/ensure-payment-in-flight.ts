import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Hex } from "viem"
import { createRpcClient } from "../lib/chain/create-rpc-client"
import { readPaymentArrival } from "../lib/chain/read-payment-arrival"
import type { VerificationProof } from "../lib/chain/types"
import { readRecordedConfirmation } from "../lib/confirmation/payment-confirmation"
import { readRecordedInFlight, signPaymentInFlight, type PaymentInFlight } from "../lib/confirmation/payment-in-flight"
import { storefrontReadLimit } from "../lib/checkout/storefront-read-limit"
import { compareWithIssued } from "../lib/judgement/compare-with-issued"
import { observationFromStatusRecord } from "../lib/judgement/observation-from-status-record"
import { createServiceClientFromOptions } from "../lib/options"
import type { StablecoinSessionData } from "../lib/session-data"
import { IN_FLIGHT_STATUSES, type ServiceStatus } from "../lib/status"
import { STABLECOIN_MODULE } from "../modules/stablecoin"
import { judgedPaymentOf, type LedgerPaymentRow } from "../modules/stablecoin/ledger-update-from-judgement"
import type StablecoinModuleService from "../modules/stablecoin/service"
import { claimStorefrontRead } from "./claim-storefront-read"
import { recordFactsOnSession } from "./record-facts-on-session"

/** A completion attempt looks upstream (the service, then the chain) at most this often per payment. */
const UPSTREAM_LOOK_INTERVAL_MS = 2_000
/** Connect rail: how far back the pool's Deposited log is searched (the service reports older deposits itself). */
const DEPOSIT_LOG_LOOKBACK_BLOCKS = 2_000n

/** Statuses that can never be captured: whatever the chain shows, they are not a payment on its way. */
const NEVER_IN_FLIGHT: readonly ServiceStatus[] = ["wrong_token", "held_sanctioned"]

type SessionRow = { id: string; amount: unknown; currency_code: string; data: Partial<StablecoinSessionData> | null }

/**
 * Whether a stablecoin session's payment is on its way, so that completing its cart may place the
 * order awaiting payment (deferred authorization, design.md §3 "Medusa mapping"). Looks once, in
 * order of cost: the session (a recorded confirmation or evidence), the ledger (a status the webhook
 * or a poll recorded), then upstream at most once per payment per 2 s and within the store's read
 * budget shared with shoppers' pages (claimStorefrontRead, so a flood of completions cannot push
 * the store into the service's 429): the service (judged against what the plugin issued and applied
 * to nothing, so it takes no payment lock) and, when it has not seen the transfer, the chain (the
 * service lags it by a block). What it finds is recorded on the session as MAC'd evidence under
 * the cart's lock, for the provider's authorizePayment. It never captures.
 */
export async function ensurePaymentInFlight(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: ["id", "amount", "currency_code", "data"], filters: { id: sessionId } })
  const session = data[0] as unknown as SessionRow | undefined
  const paymentId = session?.data?.paymentId
  if (!session || !paymentId) return false
  if (readRecordedConfirmation(session.data!.confirmation, paymentId) || readRecordedInFlight(session.data!.inFlight, paymentId)) return true

  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const [row] = (await ledger.listStablecoinPayments({ payment_id: paymentId })) as unknown as LedgerPaymentRow[]
  // The ledger row is created when the session is; without it there is nothing issued to judge against.
  if (!row || row.payment_session_id !== session.id) return false
  const seen = await seenOnItsWay(container, ledger, row, session.data as StablecoinSessionData)
  if (!seen) return false
  const evidence: PaymentInFlight = { paymentId, seenBy: seen.seenBy, status: seen.status, observedAt: new Date().toISOString() }
  await recordFactsOnSession(container, session, { inFlight: signPaymentInFlight(evidence, ledger.options.webhookSecrets) })
  return true
}

async function seenOnItsWay(container: MedusaContainer, ledger: StablecoinModuleService, row: LedgerPaymentRow, session: StablecoinSessionData): Promise<Pick<PaymentInFlight, "seenBy" | "status"> | null> {
  const recorded = row.status as ServiceStatus
  if (NEVER_IN_FLIGHT.includes(recorded)) return null
  if (IN_FLIGHT_STATUSES.includes(recorded)) return { seenBy: "ledger", status: recorded }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const pg = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const limit = storefrontReadLimit({ perSecond: ledger.options.storefrontReadsPerSecond, priority: true })
  if (!(await claimStorefrontRead(pg, { rowId: row.id, minIntervalMs: UPSTREAM_LOOK_INTERVAL_MS, limit }))) return null

  const askedId = row.rail === "deposit" && row.intent_id ? row.intent_id : row.payment_id
  // A completion does not wait out the service's Retry-After: it is answered 409 and asks again.
  const answer = await createServiceClientFromOptions({ ...ledger.options, maxRateLimitWaitMs: 0 }).poolDepositStatus({ id: askedId })
  if (answer.ok) {
    const observation = observationFromStatusRecord({ paymentId: row.payment_id, askedId, record: answer.value, source: "refresh" })
    const contradictions = compareWithIssued(judgedPaymentOf(row), observation)
    if (contradictions.length) {
      logger.warn(`stablecoin: the service's record of ${row.payment_id} contradicts the ledger (${contradictions.map((c) => c.field).join(", ")}); not taken as a payment on its way.`)
      return null
    }
    if (NEVER_IN_FLIGHT.includes(answer.value.status)) return null
    if (IN_FLIGHT_STATUSES.includes(answer.value.status)) return { seenBy: "service", status: answer.value.status }
  } else {
    logger.warn(`stablecoin: asking the service whether ${row.payment_id} is on its way failed (${answer.error.code}); the chain is asked instead.`)
  }

  const proof = session.verification as VerificationProof | undefined
  const chain = ledger.options.chains.find((c) => c.chainId === row.chain_id)
  const recipient = proof?.rail === "deposit" ? proof.forwarder : proof?.pool
  if (!proof || !chain || !recipient) return null
  const arrival = await readPaymentArrival({
    client: createRpcClient({ rpcUrl: chain.rpcUrl, timeoutMs: ledger.options.rpcTimeoutMs }),
    chainId: chain.chainId,
    rail: proof.rail,
    token: proof.token,
    recipient,
    paymentRef: proof.paymentRef as Hex,
    lookbackBlocks: DEPOSIT_LOG_LOOKBACK_BLOCKS,
  })
  if (!arrival.ok) logger.warn(`stablecoin: reading whether ${row.payment_id} arrived on chain ${chain.chainId} failed (${arrival.error.shortMessage}).`)
  return arrival.ok && arrival.value ? { seenBy: "chain", status: null } : null
}
