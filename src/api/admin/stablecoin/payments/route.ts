import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { STABLECOIN_MODULE } from "../../../../modules/stablecoin"
import type StablecoinModuleService from "../../../../modules/stablecoin/service"
import type { AdminListStablecoinPaymentsType } from "./validators"

/** The ledger, newest first: each service payment with its status, amounts and what needs a person. */
export const GET = async (req: MedusaRequest<unknown, AdminListStablecoinPaymentsType>, res: MedusaResponse) => {
  const { attention, payment_session_id, limit, offset } = req.validatedQuery as AdminListStablecoinPaymentsType
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const filters = { ...(attention ? { attention } : {}), ...(payment_session_id ? { payment_session_id } : {}) }
  const [payments, count] = await ledger.listAndCountStablecoinPayments(filters, { skip: offset, take: limit, order: { created_at: "DESC" } })
  res.json({ payments, count, limit, offset })
}
