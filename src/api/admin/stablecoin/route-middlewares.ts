import { validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { AdminListStablecoinPayments } from "./payments/validators"

/** Validation of the admin routes under /admin/stablecoin (authentication is Medusa's, for every /admin route). */
export const adminStablecoinMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/stablecoin/payments",
    method: ["GET"],
    middlewares: [validateAndTransformQuery(AdminListStablecoinPayments, { isList: false, defaults: [] })],
  },
]
