// Over 60 lines: it tries the books, the ledger, the service and the chain in order of cost and stops at the first that shows the payment, one decision that must not be split across steps.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Hex } from "viem"
import { readPaymentArrival } from "#src/lib/chain/read-payment-arrival"
import { storefrontReadLimit } from "#src/lib/checkout/storefront-read-limit"
import type { PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import { coversSession } from "#src/lib/judgement/decide-session-status"
import type { SessionBook } from "#src/lib/ledger/payment-books"
import { compareWithIssued } from "#src/lib/judgement/compare-with-issued"
import { isDustAmount } from "#src/lib/judgement/is-dust-amount"
import { observationFromStatusRecord } from "#src/lib/judgement/observation-from-status-record"
import { IN_FLIGHT_STATUSES, type ServiceStatus } from "#src/lib/status"
import { isRecordedOnItsWay } from "#src/modules/stablecoin/session-books"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { judgedPaymentOf } from "#src/modules/stablecoin/ledger-update-from-judgement"
import { paymentRecipientOf } from "#src/modules/stablecoin/payment-recipient"
import type { LedgerPayment } from "#src/modules/stablecoin/types"

export const findPaymentInFlightStepId = "find-payment-in-flight-step"

/** A completion attempt looks upstream (the service, then the chain) at most this often per payment. */
const UPSTREAM_LOOK_INTERVAL_MS = 2_000
/** Connect rail: how far back the pool's Deposited log is searched (the service reports older deposits itself). */
const DEPOSIT_LOG_LOOKBACK_BLOCKS = 2_000n

/** Statuses that can never be captured: whatever the chain shows, they are not a payment on its way. */
const NEVER_IN_FLIGHT: readonly ServiceStatus[] = ["wrong_token", "held_sanctioned"]

export type FoundPaymentInFlight = {
  /** Whether the payment is on its way (already recorded in the books, or seen now). */
  inFlight: boolean
  /** Evidence seen now, to record on the payment's ledger row; null when nothing new was seen. */
  evidence: { paymentRowId: string; cartId: string | null; inFlight: PaymentInFlight } | null
}

/** The session's book and its cart as the completion's guard just read them (no second read of the same rows). */
export type FindPaymentInFlightStepInput = { book: SessionBook; cartId: string }

/**
 * This step looks whether a stablecoin session's payment is on its way, once, in order of cost: the
 * books (a recorded confirmation or evidence), the ledger row's status (the webhook or a poll
 * recorded it), then upstream at most once per payment per 2 s and within the store's read budget
 * shared with shoppers' pages (StablecoinModuleService.claimStorefrontRead, so a flood of
 * completions cannot push the store into the service's 429): the service (judged against what the
 * plugin issued, applied to nothing, so it takes no payment lock) and, when it has not seen the
 * transfer, the chain (the service lags it by a block). Only the payment the plugin issued for
 * this session, for the amount Medusa will capture, counts. It never captures.
 */
export const findPaymentInFlightStep = createStep(
  findPaymentInFlightStepId,
  async ({ book, cartId }: FindPaymentInFlightStepInput, { container }) => {
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const none = (inFlight: boolean): StepResponse<FoundPaymentInFlight> =>
      new StepResponse({ inFlight, evidence: null })
    if (isRecordedOnItsWay(book, module.options)) return none(true)
    if (!coversSession(book)) return none(false)
    const [row] = await module.listStablecoinPayments({ payment_id: book.payment.paymentId })
    if (!row || row.payment_session_id !== book.sessionId) return none(false)
    const seen = await seenOnItsWay(container, module, row)
    if (!seen) return none(false)
    return new StepResponse<FoundPaymentInFlight>({
      inFlight: true,
      evidence: {
        paymentRowId: row.id,
        cartId,
        inFlight: {
          sessionId: book.sessionId,
          paymentId: row.payment_id,
          seenBy: seen.seenBy,
          status: seen.status,
          observedAt: new Date().toISOString(),
        },
      },
    })
  },
)

async function seenOnItsWay(
  container: MedusaContainer,
  module: StablecoinModuleService,
  row: LedgerPayment,
): Promise<Pick<PaymentInFlight, "seenBy" | "status"> | null> {
  const recorded = row.status as ServiceStatus
  // A transfer below the merchant's share of the amount due is dust: recorded as received, never a reason to place the order.
  const isDust = (received: string | bigint | null) =>
    received !== null &&
    isDustAmount({
      received: BigInt(received),
      expected: BigInt(row.expected_amount),
      minShareBps: module.options.inFlightMinShareBps,
    })
  if (NEVER_IN_FLIGHT.includes(recorded)) return null
  if (IN_FLIGHT_STATUSES.includes(recorded) && !isDust(row.confirmed_amount))
    return { seenBy: "ledger", status: recorded }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const limit = storefrontReadLimit({ perSecond: module.options.storefrontReadsPerSecond, priority: true })
  if (!(await module.claimStorefrontRead({ rowId: row.id, minIntervalMs: UPSTREAM_LOOK_INTERVAL_MS, limit })))
    return null

  const askedId = row.rail === "deposit" && row.intent_id ? row.intent_id : row.payment_id
  // A completion does not wait out the service's Retry-After: it is answered 409 and asks again.
  const answer = await module.storefrontClient.poolDepositStatus({ id: askedId })
  if (answer.ok) {
    const observation = observationFromStatusRecord({
      paymentId: row.payment_id,
      askedId,
      record: answer.value,
      source: "refresh",
    })
    const contradictions = compareWithIssued(judgedPaymentOf(row), observation)
    if (contradictions.length) {
      logger.warn(
        `stablecoin: the service's record of ${row.payment_id} contradicts the ledger (${contradictions.map((c) => c.field).join(", ")}); not taken as a payment on its way.`,
      )
      return null
    }
    if (NEVER_IN_FLIGHT.includes(answer.value.status)) return null
    if (IN_FLIGHT_STATUSES.includes(answer.value.status) && !isDust(answer.value.confirmedAmount))
      return { seenBy: "service", status: answer.value.status }
  } else {
    logger.warn(
      `stablecoin: asking the service whether ${row.payment_id} is on its way failed (${answer.error.code}); the chain is asked instead.`,
    )
  }

  // The proof of the addresses the shopper was shown, as the provider recorded it when it issued the payment.
  const target = paymentRecipientOf(module, row)
  if (!target) return null
  const { proof, client, recipient } = target
  const arrival = await readPaymentArrival({
    client,
    chainId: row.chain_id,
    rail: proof.rail,
    token: proof.token,
    recipient,
    paymentRef: proof.paymentRef as Hex,
    lookbackBlocks: DEPOSIT_LOG_LOOKBACK_BLOCKS,
  })
  if (!arrival.ok)
    logger.warn(
      `stablecoin: reading whether ${row.payment_id} arrived on chain ${row.chain_id} failed (${arrival.error.shortMessage}).`,
    )
  return arrival.ok && !isDust(arrival.value) ? { seenBy: "chain", status: null } : null
}
