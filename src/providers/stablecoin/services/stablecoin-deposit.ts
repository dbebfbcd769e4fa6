import { verifyIntentBounds } from "#src/lib/quote/quote-bounds"
import type { Quote } from "#src/lib/service-client/schemas"
import { StablecoinBase, type RailPayment } from "../core/stablecoin-base"
import { StablecoinStoreError } from "../core/stablecoin-store-error"
import { PROVIDER_IDENTIFIERS, STOREFRONT_ERROR_CODES } from "#src/lib/session-data"

/** Deposit rail: the customer sends a plain transfer to a one-time forwarder address. */
class StablecoinDepositProviderService extends StablecoinBase {
  static identifier = PROVIDER_IDENTIFIERS.deposit
  protected readonly rail = "deposit" as const

  protected async createRailPayment(quote: Quote): Promise<RailPayment> {
    const intent = this.unwrapService(await this.client_.createPoolDeposit({ quoteId: quote.quoteId }))
    // The service settles the intent's payments against its own tolerance: bounded like the quote's.
    const bounded = verifyIntentBounds({ intent, policy: this.options_ })
    if (!bounded.ok) {
      this.logger_.error(
        `stablecoin: deposit intent ${intent.id} for quote ${quote.quoteId} is outside the store's bounds; nothing shown. ${bounded.error.message}`,
      )
      throw new StablecoinStoreError(
        STOREFRONT_ERROR_CODES.quoteMismatch,
        `The payment service answered outside this store's bounds (check ${bounded.error.check} failed); nothing was shown. Please try again.`,
      )
    }
    const proof = this.unwrapVerification(await this.verifier_.verifyDepositIntent({ quote, intent }), quote.paymentId)
    return {
      tokenAddress: proof.token,
      tokenDecimals: proof.tokenDecimals,
      toleranceBps: intent.toleranceBps,
      verification: proof,
      deposit: {
        intentId: intent.id,
        address: proof.forwarder!,
        paymentUri: this.paymentUri(proof, intent.expectedAmount),
      },
    }
  }
}

export default StablecoinDepositProviderService
