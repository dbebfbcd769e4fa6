import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createSingleFlight } from "../../../../../../lib/checkout/single-flight"
import type { StablecoinCartPaymentResponse } from "../../../../../../lib/checkout/public-payment"
import { STABLECOIN_MODULE } from "../../../../../../modules/stablecoin"
import type StablecoinModuleService from "../../../../../../modules/stablecoin/service"
import { refreshStablecoinPayment } from "../../../../../../workflows/refresh-stablecoin-payment"
import { loadCartPaymentSessions } from "../../../load-cart-payment-sessions"
import { getCartPayment, type CartPaymentLedgerRow } from "./get-cart-payment"

/** At most one service read per payment per this interval, however many tabs or instances poll (the ledger's claim). */
export const STOREFRONT_REFRESH_INTERVAL_MS = 5_000
/** Storefront polls stop causing service reads this long after the quote lapsed; the reconcile job goes on. */
export const STOREFRONT_REFRESH_MAX_AGE_AFTER_EXPIRY_MS = 60 * 60 * 1000

/** In-process coalescing: concurrent polls of one payment share one refresh attempt. */
const inFlight = createSingleFlight<string, boolean>()

/**
 * GET /store/stablecoin/carts/:id/payment: the public view of the cart's stablecoin payment
 * (rail, status and message, amounts, verified addresses, expiry, confirmations, order id).
 * Browser polling never maps one-to-one to service requests (see STOREFRONT_REFRESH_INTERVAL_MS).
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse<StablecoinCartPaymentResponse>) => {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const result = await getCartPayment(
    {
      loadSessions: (cartId) => loadCartPaymentSessions(req.scope, cartId),
      async findOrderId(cartId) {
        const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
        return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
      },
      async ledgerRowsOf(sessionId) {
        return (await ledger.listStablecoinPayments({ payment_session_id: sessionId })) as unknown as CartPaymentLedgerRow[]
      },
      refresh: (rowId) =>
        inFlight.run(rowId, async () => {
          try {
            const { refreshed } = await refreshStablecoinPayment(req.scope, { paymentRowId: rowId, minIntervalMs: STOREFRONT_REFRESH_INTERVAL_MS, source: "refresh" })
            return refreshed
          } catch (error) {
            // The customer still gets the ledger's view; the webhook and the reconcile job carry on.
            logger.warn(`stablecoin: storefront refresh of ${rowId} failed: ${error instanceof Error ? error.message : String(error)}`)
            return false
          }
        }),
      onWithheld(problem, sessionId) {
        logger.error(`stablecoin: payment view of session ${sessionId} withheld (${problem}): its data does not match what was verified`)
      },
      now: () => new Date(),
      maxAgeAfterExpiryMs: STOREFRONT_REFRESH_MAX_AGE_AFTER_EXPIRY_MS,
    },
    req.params.id!
  )
  if (!result) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${req.params.id} was not found`)
  res.json(result)
}
