import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { formatStorefrontConfigEnv } from "#src/lib/chain/format-storefront-config-env"
import { readStorefrontTrustRoots } from "#src/lib/chain/read-storefront-trust-roots"
import { resolveLedger } from "../utils/resolve-ledger"

/**
 * The storefront's env line, as `npm run storefront:config` prints it: the configured roots with
 * each chain's pool and forwarder init code hash, read here through the store's own RPC clients
 * (the browser never reads them). `gaps` names each chain whose pool could not be read; its line
 * lacks them and browsers refuse that chain's deposit addresses. No RPC URL leaves the server.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const ledger = resolveLedger(req.scope)
  const { roots, gaps } = await readStorefrontTrustRoots({
    chains: ledger.options.chains,
    clientOf: (chainId) => ledger.rpcClient(chainId),
  })
  res.json({ env: formatStorefrontConfigEnv({ roots }), roots, gaps })
}
