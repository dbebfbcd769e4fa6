import type { MiddlewareRoute } from "@medusajs/framework/http"

export const webhookMiddlewares: MiddlewareRoute[] = [
  // The signature covers the exact bytes sent: keep them.
  { matcher: "/hooks/stablecoin", method: ["POST"], bodyParser: { preserveRawBody: true } },
]
