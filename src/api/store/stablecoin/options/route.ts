import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chainNameOf } from "#src/lib/checkout/chain-names"
import type { StablecoinStoreOptions } from "#src/lib/checkout/public-payment"
import { STABLECOIN_MODULE } from "#src/modules/stablecoin/index"
import type StablecoinModuleService from "#src/modules/stablecoin/service"

/**
 * The chains and tokens the store takes, from the plugin's own configuration (the trust roots),
 * so a storefront offers only what a session can be created for, and whether the step asks for a
 * refund address. RPC URLs are not included:
 * they may carry a provider's API key.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse<StablecoinStoreOptions>) => {
  const { options } = req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  res.json({
    chains: options.chains.map((chain) => ({
      chainId: chain.chainId,
      name: chainNameOf(chain.chainId),
      tokens: Object.entries(chain.tokens).map(([symbol, token]) => ({
        symbol,
        address: token!.address,
        decimals: token!.decimals,
      })),
    })),
    defaultChainId: options.defaultChainId,
    defaultToken: options.defaultToken,
    refundAddress: options.refundAddress,
  })
}
