import { validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { completeCartUnderPaymentLock } from "./complete-cart-under-payment-lock"
import { StoreGetStablecoinCartPayment, StoreGetStablecoinOptions } from "./validators"

/** Validation of the store routes under /store/stablecoin (the publishable key is Medusa's, for every /store route), and cart completion under the payment's lock. */
export const storeStablecoinMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/store/stablecoin/carts/:id/payment",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(StoreGetStablecoinCartPayment, { isList: false, defaults: [] })],
  },
  {
    matcher: "/store/stablecoin/options",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(StoreGetStablecoinOptions, { isList: false, defaults: [] })],
  },
  {
    matcher: "/store/carts/:id/complete",
    method: ["POST"],
    middlewares: [completeCartUnderPaymentLock],
  },
]
