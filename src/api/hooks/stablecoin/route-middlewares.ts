import type { MiddlewareRoute } from "@medusajs/framework/http"
import { WEBHOOK_MAX_BODY_BYTES } from "#src/lib/webhooks/constants"

export const webhookMiddlewares: MiddlewareRoute[] = [
  // The signature covers the exact bytes sent: keep them. The parser's limit answers 413 before any work.
  {
    matcher: "/hooks/stablecoin",
    method: ["POST"],
    bodyParser: { preserveRawBody: true, sizeLimit: WEBHOOK_MAX_BODY_BYTES },
  },
]
