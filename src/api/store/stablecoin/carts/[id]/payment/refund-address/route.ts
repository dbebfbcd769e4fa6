import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import type { StorePostStablecoinRefundAddressType } from "#src/api/store/stablecoin/validators"
import { currentStablecoinSessionOf } from "../get-cart-payment"

/**
 * POST /store/stablecoin/carts/:id/payment/refund-address: where refunds of the cart's current
 * stablecoin payment go (body validated: a 0x address, checksummed). Kept on the plugin's ledger row,
 * never in the session's data (docs/architecture.md#where-facts-live). Once a refund of the payment is
 * listed the address is fixed (400 not_allowed): what is owed never changes destination on a storefront's word.
 * It only says where money goes back: what is owed and captured never reads it.
 */
export const POST = async (
  req: MedusaRequest<StorePostStablecoinRefundAddressType>,
  res: MedusaResponse<{ refundAddress: string }>,
) => {
  const ledger = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  if (ledger.options.refundAddress === "off") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "refundAddress is not taken by this store (plugin option refundAddress is off): refunds go to the address the payment came from.",
    )
  }
  const cart = await ledger.retrievePaymentSessionsOfCart(req.params.id!)
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${req.params.id} was not found`)
  const session = currentStablecoinSessionOf(cart.sessions)
  const row = session ? await ledger.retrieveCurrentPaymentOfSession(session.id) : null
  if (!row)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart ${req.params.id} has no stablecoin payment: choose the token first, then give refundAddress.`,
    )
  const { refundAddress } = req.validatedBody
  if (!(await ledger.recordRefundAddress(row.id, refundAddress))) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "refundAddress can no longer change: a refund of this payment is already recorded; contact the store.",
    )
  }
  res.json({ refundAddress })
}
