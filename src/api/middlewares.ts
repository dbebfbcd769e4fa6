import { defineMiddlewares } from "@medusajs/framework/http"

export default defineMiddlewares({
  routes: [
    // The signature covers the exact bytes sent: keep them.
    { matcher: "/hooks/stablecoin", method: ["POST"], bodyParser: { preserveRawBody: true } },
  ],
})
