import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createSingleFlight } from "#src/lib/checkout/single-flight"
import { storefrontReadLimit } from "#src/lib/checkout/storefront-read-limit"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { pollStablecoinPayment } from "#src/use-cases/poll-stablecoin-payment"
import type { StoreGetStablecoinCartPaymentType } from "#src/api/store/stablecoin/validators"
import {
  getCartPayment,
  type CartPaymentLedgerRow,
  type CartPaymentRefresh,
  type CartPaymentView,
} from "./get-cart-payment"

/** At most one service read per payment per this interval, however many tabs or instances poll (the ledger's claim). */
export const STOREFRONT_REFRESH_INTERVAL_MS = 5_000
/** Storefront polls stop causing service reads this long after the quote lapsed; the reconcile job goes on. */
export const STOREFRONT_REFRESH_MAX_AGE_AFTER_EXPIRY_MS = 60 * 60 * 1000

/** In-process coalescing: concurrent polls of one payment share one refresh attempt. */
const inFlight = createSingleFlight<string, CartPaymentRefresh>()

/**
 * GET /store/stablecoin/carts/:id/payment: the public view of the cart's stablecoin payment
 * (rail, status and message, amounts, verified addresses, expiry, confirmations, order id) with
 * its age (observedAt, stale). Browser polling never maps one-to-one to service requests: one read
 * per payment per STOREFRONT_REFRESH_INTERVAL_MS, and the option storefrontReadsPerSecond for the
 * whole store (StablecoinModuleService.claimStorefrontRead); `?sent=1` says the shopper just sent a payment (read first).
 */
export const GET = async (
  req: MedusaRequest<unknown, StoreGetStablecoinCartPaymentType>,
  res: MedusaResponse<CartPaymentView>,
) => {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const sent = (req.validatedQuery as StoreGetStablecoinCartPaymentType | undefined)?.sent

  async function refresh(row: CartPaymentLedgerRow, priority: boolean): Promise<CartPaymentRefresh> {
    // Read within the interval already: no transaction, no lock (most polls end here).
    if (
      row.last_refreshed_at &&
      Date.now() - new Date(row.last_refreshed_at).getTime() < STOREFRONT_REFRESH_INTERVAL_MS
    )
      return "not_due"
    const limit = storefrontReadLimit({ perSecond: ledger.options.storefrontReadsPerSecond, priority })
    if (!(await ledger.claimStorefrontRead({ rowId: row.id, minIntervalMs: STOREFRONT_REFRESH_INTERVAL_MS, limit })))
      return "stale"
    // A shopper's page does not wait out the service's Retry-After: it shows the last known state.
    const polled = await pollStablecoinPayment(req.scope, row, "refresh", { forShopper: true })
    if (!polled.ok) {
      logger.warn(
        `stablecoin: storefront read of ${row.id} not answered (${polled.error.code}); the page shows the last known state`,
      )
      return "stale"
    }
    return "refreshed"
  }

  const result = await getCartPayment(
    {
      loadCart: (cartId) => ledger.retrievePaymentSessionsOfCart(cartId),
      findOrderId: (cartId) => ledger.retrieveOrderOfCart(cartId),
      currentLedgerRowOf: (sessionId) => ledger.retrieveCurrentPaymentOfSession(sessionId),
      receiptsOf: (paymentId) => ledger.listStablecoinPaymentReceipts({ payment_id: paymentId }),
      chains: ledger.options.chains,
      refresh: (row, priority) =>
        inFlight.run(row.id, async () => {
          try {
            return await refresh(row, priority)
          } catch (error) {
            // The customer still gets the ledger's view; the webhook and the reconcile job carry on.
            logger.warn(
              `stablecoin: storefront refresh of ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`,
            )
            return "stale"
          }
        }),
      onWithheld(problem, sessionId) {
        logger.error(
          `stablecoin: payment view of session ${sessionId} withheld (${problem}): its data does not match what was verified`,
        )
      },
      now: () => new Date(),
      maxAgeAfterExpiryMs: STOREFRONT_REFRESH_MAX_AGE_AFTER_EXPIRY_MS,
    },
    req.params.id!,
    { sentByPage: sent !== undefined },
  )
  if (!result) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${req.params.id} was not found`)
  res.json(result)
}
