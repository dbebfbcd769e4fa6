import type { Quote } from "#src/lib/service-client/schemas"
import { StablecoinBase, type RailPayment } from "../core/stablecoin-base"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"

/** Deposit rail: the customer sends a plain transfer to a one-time forwarder address. */
class StablecoinDepositProviderService extends StablecoinBase {
  static identifier = PROVIDER_IDENTIFIERS.deposit
  protected readonly rail = "deposit" as const

  protected async createRailPayment(quote: Quote): Promise<RailPayment> {
    const intent = this.unwrapService(await this.client_.createPoolDeposit({ quoteId: quote.quoteId }))
    const proof = this.unwrapVerification(await this.verifier_.verifyDepositIntent({ quote, intent }), quote.paymentId)
    return {
      tokenAddress: proof.token,
      tokenDecimals: proof.tokenDecimals,
      verification: proof,
      deposit: { intentId: intent.id, address: proof.forwarder!, paymentUri: this.paymentUri(proof, intent.expectedAmount) },
    }
  }
}

export default StablecoinDepositProviderService
