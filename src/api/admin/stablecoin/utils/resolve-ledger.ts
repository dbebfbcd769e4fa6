import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE } from "../../../../modules/stablecoin"
import type StablecoinModuleService from "../../../../modules/stablecoin/service"
import type { LedgerPaymentRow } from "./present-payment"

export const resolveLedger = (container: MedusaContainer) => container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)

/** One ledger row by its id (`scpay_…`), or a 404 naming it. */
export async function retrieveLedgerPayment(container: MedusaContainer, id: string): Promise<LedgerPaymentRow> {
  const [row] = await resolveLedger(container).listStablecoinPayments({ id })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Stablecoin payment ${id} was not found.`)
  return row as unknown as LedgerPaymentRow
}
