import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { refuseCompletionBeforePayment } from "./refuse-completion-before-payment"
import { refuseForeignSessionData } from "./refuse-foreign-session-data"
import {
  StoreGetStablecoinCartPayment,
  StoreGetStablecoinOptions,
  StorePostStablecoinRefundAddress,
} from "./validators"

/**
 * Validation of the store routes under /store/stablecoin (the publishable key is Medusa's, for every
 * /store route), of the data a storefront sends when it creates a stablecoin session, and the
 * refusal to complete a cart whose stablecoin payment is not on its way.
 */
export const storeStablecoinMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/stablecoin/carts/:id/payment",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(StoreGetStablecoinCartPayment, { isList: false, defaults: [] })],
  },
  {
    matcher: "/store/stablecoin/carts/:id/payment/refund-address",
    method: ["POST"],
    middlewares: [validateAndTransformBody(StorePostStablecoinRefundAddress)],
  },
  {
    matcher: "/store/stablecoin/options",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(StoreGetStablecoinOptions, { isList: false, defaults: [] })],
  },
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    method: ["POST"],
    middlewares: [refuseForeignSessionData],
  },
  {
    matcher: "/store/carts/:id/complete",
    method: ["POST"],
    middlewares: [refuseCompletionBeforePayment],
  },
]
