import { defineMiddlewares, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListStablecoinPayments } from "./admin/stablecoin/payments/validators"

export default defineMiddlewares({
  routes: [
    // The signature covers the exact bytes sent: keep them.
    { matcher: "/hooks/stablecoin", method: ["POST"], bodyParser: { preserveRawBody: true } },
    {
      matcher: "/admin/stablecoin/payments",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListStablecoinPayments, { isList: false, defaults: [] })],
    },
  ],
})
