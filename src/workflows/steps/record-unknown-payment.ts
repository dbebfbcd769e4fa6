import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TokenSymbol } from "#src/lib/chain/types"
import type { PaymentObservation } from "#src/lib/confirmation/payment-observation"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const recordUnknownPaymentStepId = "record-unknown-payment-step"

/**
 * This step keeps a signed event for a payment no session knows (deleted before the ledger saw
 * it, or another store on the same account): money may have been received, so it is kept for a
 * person, never captured. A poll never creates one (it was asked about a row that exists).
 * No compensation: the row records what a signed event said.
 */
export const recordUnknownPaymentStep = createStep(
  recordUnknownPaymentStepId,
  async ({ observation: o }: { observation: PaymentObservation }, { container }) => {
    if (o.source !== "webhook" || !o.rail || !o.quoteId)
      return new StepResponse({ outcome: "unknown_payment" as const, paymentRowId: null, changed: false })
    const module = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
    const configured = module.options.chains.find((c) => c.chainId === o.chainId)?.tokens[o.token as TokenSymbol]
    const surplus = BigInt(o.confirmedAmount) - BigInt(o.expectedAmount)
    const created = await module.createStablecoinPayments({
      payment_id: o.paymentId,
      quote_id: o.quoteId,
      intent_id: o.intentId,
      rail: o.rail,
      chain_id: o.chainId,
      token_symbol: o.token,
      token_address: configured?.address ?? null,
      token_decimals: o.tokenDecimals ?? configured?.decimals ?? null,
      expected_amount: o.expectedAmount,
      confirmed_amount: o.confirmedAmount,
      surplus_amount: surplus > 0n ? surplus.toString() : null,
      status: o.status,
      tx_hash: o.txHash,
      payer_address: o.payerAddress,
      confirmations: o.confirmations ?? 0,
      attention: "unknown_payment",
    })
    return new StepResponse({
      outcome: "unknown_payment" as const,
      paymentRowId: created.id as string | null,
      changed: true,
    })
  },
)
