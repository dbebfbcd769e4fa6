import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { describeError } from "#src/lib/errors/describe-error"
import { BACKGROUND_LOCK_TIMING, cartLockKey, paymentLockKey } from "#src/lib/locks/lock-keys"
import { isLockNotHadError } from "#src/lib/locks/lock-not-had-error"
import { mayRetryClose } from "#src/lib/unfinished-orders/unfinished-order"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { CloseFailure, OverdueUnfinishedOrder } from "#src/modules/stablecoin/unfinished-orders"
import { acquireStablecoinLock, releaseStablecoinLock } from "#src/modules/stablecoin/locks"

export type CloseUnfinishedOrdersInput = { now: string; batchSize?: number }

export type CloseUnfinishedOrdersOutput = {
  /** Orders awaiting a payment that cannot finish, past their grace: at most batchSize, besides those whose close failed in the last CLOSE_RETRY_HOURS. */
  overdue: number
  /** Canceled through Medusa's cancelOrderWorkflow, what they received listed as owed back (cancelUnpaidOrders on). */
  canceled: number
  /** Closes Medusa refused or that failed in this run, recorded with the run; each is tried again after CLOSE_RETRY_HOURS. */
  failed: CloseFailure[]
  /** Overdue orders left to a later run: a close failed less than CLOSE_RETRY_HOURS ago, their payment was busy, or the batch was full. */
  deferred: number
}

/**
 * This stage closes orders that will never be paid (docs/operations.md#orders-that-never-finish).
 * It finds a bounded batch of orders awaiting a payment that cannot finish, past their grace; with
 * cancelUnpaidOrders on it cancels each through Medusa's cancelOrderWorkflow (reserved stock
 * released, payment collection canceled) and lists everything received as owed back
 * (oweBackForCanceledOrder, attention order_canceled). Each close holds the payment's lock and the
 * cart's, the locks a capture takes, and looks at the order again under them: a confirmation that
 * won the race has captured it, and one that comes later finds the order canceled. Medusa's
 * workflow runs once per order, a run of its own, so one refusal does not undo the others. A
 * refusal (a fulfillment exists) is logged and recorded with the run, the order stays listed, and
 * it is tried again only after CLOSE_RETRY_HOURS. A canceled order stays canceled.
 */
export async function closeUnfinishedOrders(
  container: MedusaContainer,
  { now: nowIso, batchSize }: CloseUnfinishedOrdersInput,
): Promise<CloseUnfinishedOrdersOutput> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const now = new Date(nowIso)
  const limit = batchSize ?? ledger.options.reconcile.batchSize
  const overdue = await ledger.listOverdueUnfinishedOrders({ now, limit })
  const output: CloseUnfinishedOrdersOutput = { overdue: overdue.length, canceled: 0, failed: [], deferred: 0 }
  if (!ledger.options.cancelUnpaidOrders) return output

  let tried = 0
  for (const order of overdue) {
    if (tried === limit || !mayRetryClose({ failedAt: order.closeFailure?.at ?? null, now })) {
      output.deferred++
      continue
    }
    tried++
    const closed = await closeUnderLocks(container, ledger, order, now)
    if (closed === "canceled") output.canceled++
    else if (closed === "busy") output.deferred++
    else if (closed !== "gone") {
      output.failed.push({ orderId: order.payment.order_id, paymentRowId: order.payment.id, error: closed.error })
      logger.warn(
        `stablecoin: overdue order ${order.payment.order_id} (payment ${order.payment.payment_id}, ${order.kind}) could not be canceled: ${closed.error}; it stays listed and is tried again in a day`,
      )
    }
  }
  return output
}

/** canceled; gone: no longer overdue under the locks (captured, canceled, or a top-up); busy: the locks were held; or the failure. */
async function closeUnderLocks(
  container: MedusaContainer,
  ledger: StablecoinModuleService,
  order: OverdueUnfinishedOrder,
  now: Date,
): Promise<"canceled" | "gone" | "busy" | { error: string }> {
  const { payment } = order
  const keys = [paymentLockKey(payment.payment_id), ...(payment.cart_id ? [cartLockKey(payment.cart_id)] : [])]
  let lock: Awaited<ReturnType<typeof acquireStablecoinLock>>
  try {
    lock = await acquireStablecoinLock(container, { keys, ...BACKGROUND_LOCK_TIMING })
  } catch (error) {
    if (isLockNotHadError(error)) return "busy"
    return { error: describeError(error) }
  }
  try {
    const [still] = await ledger.listOverdueUnfinishedOrders({ now, limit: 1, paymentRowId: payment.id })
    if (!still) return "gone"
    const { errors } = await cancelOrderWorkflow(container).run({
      input: { order_id: payment.order_id },
      throwOnError: false,
    })
    if (errors.length) return { error: errors.map((e) => describeError(e.error)).join("; ") }
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const what = `order ${payment.order_id}, awaiting payment ${payment.payment_id} (${order.kind}) since ${order.since.toISOString()}`
    try {
      const refund = await ledger.oweBackForCanceledOrder(payment.id)
      logger.info(
        `stablecoin: canceled ${what}; ` +
          (refund
            ? `${refund.tokenAmount} base units of ${refund.token} are owed back to ${refund.payerAddress ?? "the payer (not known yet)"}`
            : "nothing was received"),
      )
    } catch (error) {
      // The order is canceled and no longer listed: this line is what is left to find the payment by.
      logger.error(
        `stablecoin: canceled ${what}, but listing what it received as owed back failed (${describeError(error)}); list the refund by hand`,
      )
    }
    return "canceled"
  } catch (error) {
    return { error: describeError(error) }
  } finally {
    await releaseStablecoinLock(container, lock)
  }
}
