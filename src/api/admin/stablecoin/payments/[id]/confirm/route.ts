import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { STABLECOIN_MODULE } from "../../../../../../modules/stablecoin"
import type StablecoinModuleService from "../../../../../../modules/stablecoin/service"
import { confirmStablecoinPaymentByMerchant } from "../../../../../../workflows/confirm-stablecoin-payment-by-merchant"

/** The merchant's confirm action (a ledger id `scpay_…`); see confirmStablecoinPaymentByMerchant for the rules. */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const { outcome } = await confirmStablecoinPaymentByMerchant(req.scope, req.params.id!)
  const [payment] = await req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE).listStablecoinPayments({ id: req.params.id })
  res.json({ outcome, payment })
}
