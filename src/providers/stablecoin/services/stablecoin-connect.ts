import type { Quote } from "#src/lib/service-client/schemas"
import { StablecoinBase, type RailPayment } from "../core/stablecoin-base"
import { poolNotDeployedError } from "../core/stablecoin-store-error"
import { PROVIDER_IDENTIFIERS } from "#src/lib/session-data"

/** Connect rail: the customer's wallet approves the token and calls `deposit()` on the merchant's pool. */
class StablecoinConnectProviderService extends StablecoinBase {
  static identifier = PROVIDER_IDENTIFIERS.connect
  protected readonly rail = "connect" as const

  protected async createRailPayment(quote: Quote, payerAddress: string | undefined): Promise<RailPayment> {
    const created = await this.client_.createPoolConnect({
      quoteId: quote.quoteId,
      ...(payerAddress ? { payerAddress } : {}),
    })
    // A 422 may mean "pool not deployed" or "quote expired": the chain, not the error text, tells which.
    if (!created.ok && created.error.status === 422) {
      const deployed = await this.verifier_.isPoolDeployed(quote.chainId)
      if (deployed.ok && !deployed.value) throw poolNotDeployedError(quote.chainId)
    }
    const payment = this.unwrapService(created)
    const proof = this.unwrapVerification(
      await this.verifier_.verifyConnectPayment({ quote, payment }),
      quote.paymentId,
    )
    return {
      tokenAddress: proof.token,
      tokenDecimals: proof.tokenDecimals,
      verification: proof,
      connect: { pool: proof.pool, paymentRef: proof.paymentRef },
    }
  }
}

export default StablecoinConnectProviderService
