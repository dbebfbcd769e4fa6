import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WEBHOOK_SIGNATURE_HEADER } from "../../../lib/webhooks"
import { STABLECOIN_MODULE } from "../../../modules/stablecoin"
import type StablecoinModuleService from "../../../modules/stablecoin/service"
import { confirmStablecoinPaymentWorkflow } from "../../../workflows/confirm-stablecoin-payment"
import { handleWebhook } from "./handle-webhook"

/** The service's signed webhooks (give the service this URL: https://<store>/hooks/stablecoin). */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const header = req.headers[WEBHOOK_SIGNATURE_HEADER]
  const result = await handleWebhook(req.rawBody, Array.isArray(header) ? header.join(",") : header, {
    secrets: ledger.options.webhookSecrets,
    toleranceSeconds: ledger.options.webhookToleranceSeconds,
    ledger,
    confirm: async (observation) => {
      const { result } = await confirmStablecoinPaymentWorkflow(req.scope).run({ input: observation })
      return result.outcome
    },
    log: logger,
  })
  res.status(result.status).json(result.body)
}
