import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { nextPollAt, observationFromStatusRecord, planPollUpdate, runWithConcurrency } from "../../lib/reconcile"
import { createServiceClientFromOptions } from "../../lib/options"
import { RateLimitedError, type PaymentStatusRecord } from "../../lib/service-client"
import { statusAction } from "../../lib/status"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"
import { confirmStablecoinPaymentWorkflow } from "../confirm-stablecoin-payment"
import type { DuePayment } from "./select-due-payments"

export const pollDuePaymentsStepId = "poll-due-payments-step"

export type PollDuePaymentsStepInput = { payments: DuePayment[]; now: string }

export type PollDuePaymentsStepOutput = {
  /** Status requests answered (a 429 that ended the run is not counted). */
  polled: number
  /** Polls handed to the confirm workflow (something changed or a capture was due). */
  updated: number
  /** Payments the confirm workflow captured (captureOnReconcile on). */
  captured: number
  /** Payments whose polling ended at the age limit (polling_stopped_reason "max_age"). */
  stopped: number
  /** Polls that failed (service error, mismatching record, confirm workflow error); retried on the schedule. */
  failed: number
  /** A 429 beyond the client's Retry-After budget ended the run; the unpolled payments stay due. */
  rateLimited: boolean
  /** The last Retry-After the service asked for, when rateLimited. */
  retryAfterMs: number | null
}

type PollOutcome = "captured" | "updated" | "unchanged" | "failed" | "rate_limited"

/**
 * This step polls pool-deposit-status for each due payment, a few at a time (option
 * reconcile.concurrency). What the service says goes through the confirm workflow with source
 * "reconcile", which captures only with captureOnReconcile and otherwise flags the payment
 * "webhook_missing". Each answered poll moves the payment on its backoff schedule; after the age
 * limit polling stops. A 429 the client could not wait out stops the whole run at once: further
 * requests would be refused too, and the payments not polled keep their due next_poll_at, so the
 * next run picks them up first and nothing is lost.
 */
export const pollDuePaymentsStep = createStep(
  pollDuePaymentsStepId,
  async ({ payments, now: nowIso }: PollDuePaymentsStepInput, { container }): Promise<StepResponse<PollDuePaymentsStepOutput>> => {
    const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { options } = ledger
    const now = new Date(nowIso)
    const client = createServiceClientFromOptions(options)
    const output: PollDuePaymentsStepOutput = { polled: 0, updated: 0, captured: 0, stopped: 0, failed: 0, rateLimited: false, retryAfterMs: null }

    /** Records the poll on the row and moves it along its schedule (or ends polling). */
    const schedule = async (payment: DuePayment, final: boolean, extra: { attention?: string } = {}) => {
      const attempts = payment.poll_attempts + 1
      const next = final ? null : nextPollAt({ attempts, createdAt: new Date(payment.created_at), now, settings: options.reconcile })
      const reason = final ? "final_status" : next ? null : "max_age"
      if (reason === "max_age") output.stopped++
      await ledger.updateStablecoinPayments({ id: payment.id, poll_attempts: attempts, last_polled_at: now, next_poll_at: next, polling_stopped_reason: reason, ...extra })
    }

    const pollOne = async (payment: DuePayment): Promise<PollOutcome> => {
      const answer = await client.poolDepositStatus({ id: payment.intent_id ?? payment.payment_id })
      if (!answer.ok) {
        if (answer.error instanceof RateLimitedError) {
          output.retryAfterMs = answer.error.retryAfterMs
          return "rate_limited"
        }
        logger.warn(`stablecoin reconcile: polling ${payment.payment_id} failed (${answer.error.code}); retried on its schedule`)
        await schedule(payment, false)
        return "failed"
      }
      const record = answer.value
      const plan = planPollUpdate({ payment, record, policy: options })
      if (!plan.ok) {
        logger.warn(`stablecoin reconcile: ${payment.payment_id}: ${plan.error.message}`)
        await schedule(payment, false)
        return "failed"
      }
      if (!plan.value.observe) {
        await schedule(payment, plan.value.final)
        return "unchanged"
      }
      try {
        const outcome = await confirm(container, payment, record)
        await schedule(payment, plan.value.final)
        return outcome === "capture" ? "captured" : "updated"
      } catch (e) {
        logger.error(`stablecoin reconcile: applying the status of ${payment.payment_id} failed: ${e instanceof Error ? e.message : String(e)}`)
        // A capture that failed here is not retried by polling (the ledger status is final now): a person looks.
        const captureDue = statusAction(record.status, payment.rail, options) === "capture" && options.captureOnReconcile
        await schedule(payment, plan.value.final, captureDue ? { attention: "capture_failed" } : {})
        return "failed"
      }
    }

    await runWithConcurrency({
      items: payments,
      concurrency: options.reconcile.concurrency,
      run: async (payment) => {
        const outcome = await pollOne(payment)
        if (outcome === "rate_limited") {
          output.rateLimited = true
          return "stop"
        }
        output.polled++
        if (outcome === "captured") output.captured++
        if (outcome === "captured" || outcome === "updated") output.updated++
        if (outcome === "failed") output.failed++
      },
    })
    // No compensation: each poll records what the service said, which stays true.
    return new StepResponse(output)
  }
)

async function confirm(container: MedusaContainer, payment: DuePayment, record: PaymentStatusRecord): Promise<string> {
  const { result } = await confirmStablecoinPaymentWorkflow(container).run({
    input: observationFromStatusRecord({ paymentId: payment.payment_id, record, source: "reconcile" }),
  })
  return result.outcome
}
