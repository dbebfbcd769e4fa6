import type { Quote } from "../../../lib/service-client/schemas"
import { StablecoinBase, type RailPayment } from "../core/stablecoin-base"
import { PROVIDER_IDENTIFIERS } from "../types"

/** Connect rail: the customer's wallet approves the token and calls `deposit()` on the merchant's pool. */
class StablecoinConnectProviderService extends StablecoinBase {
  static identifier = PROVIDER_IDENTIFIERS.connect
  protected readonly rail = "connect" as const

  protected async createRailPayment(quote: Quote, payerAddress: string | undefined): Promise<RailPayment> {
    const payment = this.unwrapService(
      await this.client_.createPoolConnect({ quoteId: quote.quoteId, ...(payerAddress ? { payerAddress } : {}) })
    )
    const proof = this.unwrapVerification(await this.verifier_.verifyConnectPayment({ quote, payment }), quote.paymentId)
    return {
      tokenAddress: proof.token,
      tokenDecimals: proof.tokenDecimals,
      verification: proof,
      connect: { pool: proof.pool, paymentRef: proof.paymentRef },
    }
  }
}

export default StablecoinConnectProviderService
