import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const oweBackForCanceledOrderStepId = "owe-back-for-canceled-order-step"

export type OweBackForCanceledOrderStepInput = { paymentRowId: string; orderId: string | null }

/**
 * This step lists everything a canceled order's payment received as owed back to the payer and
 * flags the row order_canceled (the module's oweBackForCanceledOrder), so money that arrived for
 * an order the merchant will not ship is never kept silently. A warning names the order.
 */
export const oweBackForCanceledOrderStep = createStep(
  oweBackForCanceledOrderStepId,
  async ({ paymentRowId, orderId }: OweBackForCanceledOrderStepInput, { container }) => {
    const refund = await container
      .resolve<StablecoinModuleService>(STABLECOIN_MODULE)
      .oweBackForCanceledOrder(paymentRowId)
    if (refund) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `stablecoin: a payment arrived for canceled order ${orderId ?? "(unknown)"}; ${refund.tokenAmount} base units of ${refund.token} are owed back to ${refund.payerAddress ?? "the payer (not known yet)"}.`,
        )
    }
    return new StepResponse(refund)
  },
)
