import type { MerchantFactsReader } from "./create-merchant-facts-reader"
import type { TokenRegistry } from "./create-token-registry"

/** What the verify functions need from the verifier: the trust roots and the (cached) chain reader. */
export type ChainVerifierContext = {
  registry: TokenRegistry
  reader: MerchantFactsReader
}
