import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { LedgerPayment } from "#src/modules/stablecoin/types"

export const resolveLedger = (container: MedusaContainer) =>
  container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)

/** One ledger row by its id (`scpay_…`), or a 404 naming it. */
export async function retrieveLedgerPayment(container: MedusaContainer, id: string): Promise<LedgerPayment> {
  const [row] = await resolveLedger(container).listStablecoinPayments({ id })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Stablecoin payment ${id} was not found.`)
  return row
}
