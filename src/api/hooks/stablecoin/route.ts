import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WEBHOOK_SIGNATURE_HEADER } from "#src/lib/webhooks/index"
import { handleWebhook } from "./handle-webhook"

/** The service's signed webhooks (give the service this URL: https://<store>/hooks/stablecoin). */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const header = req.headers[WEBHOOK_SIGNATURE_HEADER]
  const result = await handleWebhook(req.scope, req.rawBody, Array.isArray(header) ? header.join(",") : header)
  res.status(result.status).json(result.body)
}
