import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Hex } from "viem"
import { readPaymentArrival } from "#src/lib/chain/read-payment-arrival"
import { storefrontReadLimit } from "#src/lib/checkout/storefront-read-limit"
import { readRecordedConfirmation } from "#src/lib/confirmation/payment-confirmation"
import { readRecordedInFlight, type PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import { compareWithIssued } from "#src/lib/judgement/compare-with-issued"
import { observationFromStatusRecord } from "#src/lib/judgement/observation-from-status-record"
import type { StablecoinSessionData } from "#src/lib/session-data"
import { IN_FLIGHT_STATUSES, type ServiceStatus } from "#src/lib/status"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { judgedPaymentOf } from "#src/modules/stablecoin/ledger-update-from-judgement"
import { verificationOf, type LedgerPayment, type MedusaPaymentSession } from "#src/modules/stablecoin/types"

export const findPaymentInFlightStepId = "find-payment-in-flight-step"

/** A completion attempt looks upstream (the service, then the chain) at most this often per payment. */
const UPSTREAM_LOOK_INTERVAL_MS = 2_000
/** Connect rail: how far back the pool's Deposited log is searched (the service reports older deposits itself). */
const DEPOSIT_LOG_LOOKBACK_BLOCKS = 2_000n

/** Statuses that can never be captured: whatever the chain shows, they are not a payment on its way. */
const NEVER_IN_FLIGHT: readonly ServiceStatus[] = ["wrong_token", "held_sanctioned"]

export type FoundPaymentInFlight = {
  /** Whether the payment is on its way (already recorded on the session, or seen now). */
  inFlight: boolean
  /** Evidence seen now, to record on the session; null when nothing new was seen. */
  evidence: { session: { id: string; amount: string; currency_code: string }; cartId: string | null; inFlight: PaymentInFlight } | null
}

/** The session and its cart as the completion's guard just read them (no second read of the same rows). */
export type FindPaymentInFlightStepInput = { session: MedusaPaymentSession; cartId: string }

/** Whether the session's data already records the payment as confirmed or on its way (MAC'd facts only). */
export function isRecordedOnItsWay(session: Pick<MedusaPaymentSession, "data">): boolean {
  const data = session.data as Partial<StablecoinSessionData> | null
  const paymentId = data?.paymentId
  return !!paymentId && !!(readRecordedConfirmation(data.confirmation, paymentId) || readRecordedInFlight(data.inFlight, paymentId))
}

/**
 * This step looks whether a stablecoin session's payment is on its way, once, in order of cost: the
 * session (a recorded confirmation or evidence), the ledger (a status the webhook or a poll
 * recorded), then upstream at most once per payment per 2 s and within the store's read budget
 * shared with shoppers' pages (StablecoinModuleService.claimStorefrontRead, so a flood of
 * completions cannot push the store into the service's 429): the service (judged against what the
 * plugin issued, applied to nothing, so it takes no payment lock) and, when it has not seen the
 * transfer, the chain (the service lags it by a block). It never captures.
 */
export const findPaymentInFlightStep = createStep(findPaymentInFlightStepId, async ({ session, cartId }: FindPaymentInFlightStepInput, { container }) => {
  const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const none = (inFlight: boolean) => new StepResponse<FoundPaymentInFlight>({ inFlight, evidence: null })
  const paymentId = (session.data as Partial<StablecoinSessionData> | null)?.paymentId
  if (!paymentId) return none(false)
  if (isRecordedOnItsWay(session)) return none(true)
  const [row] = await module.listStablecoinPayments({ payment_id: paymentId })
  // The ledger row is created when the session is; without it there is nothing issued to judge against.
  if (!row || row.payment_session_id !== session.id) return none(false)
  const seen = await seenOnItsWay(container, module, row, session)
  if (!seen) return none(false)
  return new StepResponse<FoundPaymentInFlight>({
    inFlight: true,
    evidence: {
      session: { id: session.id, amount: session.amount, currency_code: session.currency_code },
      cartId,
      inFlight: { paymentId, seenBy: seen.seenBy, status: seen.status, observedAt: new Date().toISOString() },
    },
  })
})

async function seenOnItsWay(container: MedusaContainer, module: StablecoinModuleService, row: LedgerPayment, session: MedusaPaymentSession): Promise<Pick<PaymentInFlight, "seenBy" | "status"> | null> {
  const recorded = row.status as ServiceStatus
  if (NEVER_IN_FLIGHT.includes(recorded)) return null
  if (IN_FLIGHT_STATUSES.includes(recorded)) return { seenBy: "ledger", status: recorded }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const limit = storefrontReadLimit({ perSecond: module.options.storefrontReadsPerSecond, priority: true })
  if (!(await module.claimStorefrontRead({ rowId: row.id, minIntervalMs: UPSTREAM_LOOK_INTERVAL_MS, limit }))) return null

  const askedId = row.rail === "deposit" && row.intent_id ? row.intent_id : row.payment_id
  // A completion does not wait out the service's Retry-After: it is answered 409 and asks again.
  const answer = await module.storefrontClient.poolDepositStatus({ id: askedId })
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

  // The proof of the session the shopper saw (the ledger row holds the same one).
  const proof = verificationOf({ verification: (session.data as Partial<StablecoinSessionData>).verification ?? null })
  const client = module.rpcClient(row.chain_id)
  const recipient = proof?.rail === "deposit" ? proof.forwarder : proof?.pool
  if (!proof || !client || !recipient) return null
  const arrival = await readPaymentArrival({
    client,
    chainId: row.chain_id,
    rail: proof.rail,
    token: proof.token,
    recipient,
    paymentRef: proof.paymentRef as Hex,
    lookbackBlocks: DEPOSIT_LOG_LOOKBACK_BLOCKS,
  })
  if (!arrival.ok) logger.warn(`stablecoin: reading whether ${row.payment_id} arrived on chain ${row.chain_id} failed (${arrival.error.shortMessage}).`)
  return arrival.ok && arrival.value ? { seenBy: "chain", status: null } : null
}
