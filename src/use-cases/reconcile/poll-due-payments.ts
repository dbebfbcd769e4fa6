// Over 60 lines: it polls a claimed batch a few at a time, schedules each payment's next poll and stops the whole run on a rate limit or an unreachable service.
import type { MedusaContainer } from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { describeError } from "#src/lib/errors/describe-error"
import { nextPollAt, runWithConcurrency } from "#src/lib/reconcile/index"
import { RateLimitedError, ServiceNetworkError, ServiceTimeoutError } from "#src/lib/service-client/index"
import { PAYMENT_STATUSES } from "#src/lib/service-client/payment-status"
import { isFinalStatus } from "#src/lib/status"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { ClaimedPaymentRow } from "#src/modules/stablecoin/poll-schedule"
import { pollStablecoinPayment } from "#src/use-cases/poll-stablecoin-payment"

export type PollDuePaymentsInput = { now: string; batchSize?: number }

export type PollDuePaymentsOutput = {
  /** Payments due and claimed by this run. */
  selected: number
  /** Status requests answered (a 429 that ended the run is not counted). */
  polled: number
  /** Polls whose answer changed the ledger row. */
  updated: number
  /** Payments captured (captureOnReconcile on). */
  captured: number
  /** Payments whose polling ended at the age limit (polling_stopped_reason "max_age"). */
  stopped: number
  /** Polls that failed (service error, applying failed); retried on the schedule, a failed capture flagged. */
  failed: number
  /** A 429 beyond the client's Retry-After budget ended the run; the unpolled payments stay due. */
  rateLimited: boolean
  retryAfterMs: number | null
  /** The service could not be reached or did not answer in time: the run ended; the unpolled payments stay due. */
  serviceUnreachable: boolean
}

const finalStatuses = {
  deposit: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "deposit")),
  connect: PAYMENT_STATUSES.filter((s) => isFinalStatus(s, "connect")),
}

/**
 * This stage claims a bounded batch of due, not-final payments (for update skip locked: two runs on
 * two instances never poll one payment) and polls each through pollStablecoinPayment, a few at a
 * time (reconcile.concurrency). Each answered poll moves the payment on its backoff schedule and
 * releases the claim; after the age limit polling stops. A 429 the client could not wait out, or a
 * service that cannot be reached, stops the run at once: the unpolled payments are released still
 * due, so nothing is lost.
 */
export async function pollDuePayments(
  container: MedusaContainer,
  { now: nowIso, batchSize }: PollDuePaymentsInput,
): Promise<PollDuePaymentsOutput> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { options } = ledger
  const now = new Date(nowIso)
  const holder = randomUUID()
  const claimed = await ledger.claimDuePayments({
    holder,
    now,
    limit: batchSize ?? options.reconcile.batchSize,
    finalStatuses,
  })
  const output: PollDuePaymentsOutput = {
    selected: claimed.length,
    polled: 0,
    updated: 0,
    captured: 0,
    stopped: 0,
    failed: 0,
    rateLimited: false,
    retryAfterMs: null,
    serviceUnreachable: false,
  }

  const schedule = async (payment: ClaimedPaymentRow, final: boolean, attention?: string) => {
    const attempts = payment.poll_attempts + 1
    const next = final
      ? null
      : nextPollAt({ attempts, createdAt: new Date(payment.created_at), now, settings: options.reconcile })
    const reason = final ? "final_status" : next ? null : "max_age"
    if (reason === "max_age") output.stopped++
    await ledger.finishPoll(payment.id, holder, {
      poll_attempts: attempts,
      last_polled_at: now,
      next_poll_at: next,
      polling_stopped_reason: reason,
      attention,
    })
  }

  await runWithConcurrency({
    items: claimed,
    concurrency: options.reconcile.concurrency,
    run: async (payment) => {
      if (output.rateLimited || output.serviceUnreachable) return "stop"
      try {
        const polled = await pollStablecoinPayment(container, payment, "reconcile")
        if (!polled.ok) {
          if (polled.error instanceof RateLimitedError) {
            output.rateLimited = true
            output.retryAfterMs = polled.error.retryAfterMs
            return "stop"
          }
          // A service that is down is down for every payment: polling the rest would only add timeouts.
          if (polled.error instanceof ServiceNetworkError || polled.error instanceof ServiceTimeoutError) {
            output.serviceUnreachable = true
            return "stop"
          }
          logger.warn(
            `stablecoin reconcile: polling ${payment.payment_id} failed (${polled.error.code}); retried on its schedule`,
          )
          output.polled++
          output.failed++
          await schedule(payment, false)
          return
        }
        output.polled++
        if (polled.applied.changed) output.updated++
        if (polled.applied.outcome === "captured") output.captured++
        await schedule(payment, polled.final)
      } catch (e) {
        // A confirmed payment whose capture failed: flagged capture_failed by the observation path; keep polling it.
        logger.error(`stablecoin reconcile: applying the status of ${payment.payment_id} failed: ${describeError(e)}`)
        output.polled++
        output.failed++
        await schedule(payment, false)
      }
    },
  })
  // Whatever was not polled (a 429 or an unreachable service stopped the run) is released still due; finished polls released their own claims.
  await ledger.releasePollClaims(
    claimed.map((p) => p.id),
    holder,
  )
  return output
}
