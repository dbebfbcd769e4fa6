import { getAddress, isAddress } from "viem"
import { TOKEN_SYMBOLS, type TokenSymbol } from "../../lib/chain/types"
import type { StorefrontChainRoots, StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import { err, ok, type Result } from "../../lib/result"

export type ParseTrustRootsReturnType = Result<StorefrontTrustRoots, string>

const isChainId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0
const isDecimals = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 36

/**
 * The pinned trust roots from build-time configuration: the object, or the JSON string of
 * `NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS` (`npm run storefront:config` prints it). Anything
 * malformed is an error naming the field: a storefront with unreadable roots must not go payable.
 * @example const roots = parseTrustRoots(process.env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS)
 */
export function parseTrustRoots(input: unknown): ParseTrustRootsReturnType {
  let raw = input
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw.trim().replace(/^'(.*)'$/s, "$1"))
    } catch {
      return err("trust roots are not valid JSON")
    }
  }
  const chains = (raw as { chains?: unknown } | null | undefined)?.chains
  if (!Array.isArray(chains) || chains.length === 0) return err("trust roots need a non-empty `chains` list")
  const parsed: StorefrontChainRoots[] = []
  for (const [i, c] of (chains as Array<Record<string, unknown>>).entries()) {
    const at = `chains[${i}]`
    if (!isChainId(c?.chainId)) return err(`${at}.chainId must be a positive integer`)
    if (typeof c.factory !== "string" || !isAddress(c.factory, { strict: false }))
      return err(`${at}.factory must be an address`)
    if (typeof c.payout !== "string" || !isAddress(c.payout, { strict: false }))
      return err(`${at}.payout must be an address`)
    const tokens: StorefrontChainRoots["tokens"] = {}
    for (const [symbol, t] of Object.entries(
      (c.tokens ?? {}) as Record<string, { address?: unknown; decimals?: unknown }>,
    )) {
      if (!TOKEN_SYMBOLS.includes(symbol as TokenSymbol)) return err(`${at}.tokens.${symbol} is not a known token`)
      if (typeof t?.address !== "string" || !isAddress(t.address, { strict: false }))
        return err(`${at}.tokens.${symbol}.address must be an address`)
      if (!isDecimals(t.decimals)) return err(`${at}.tokens.${symbol}.decimals must be an integer 0-36`)
      tokens[symbol as TokenSymbol] = { address: getAddress(t.address), decimals: t.decimals }
    }
    if (Object.keys(tokens).length === 0) return err(`${at}.tokens must pin at least one token`)
    const publicRpcUrl =
      typeof c.publicRpcUrl === "string" && /^https?:\/\//.test(c.publicRpcUrl) ? c.publicRpcUrl : undefined
    if (c.pool !== undefined && (typeof c.pool !== "string" || !isAddress(c.pool, { strict: false })))
      return err(`${at}.pool must be an address`)
    if (
      c.forwarderInitCodeHash !== undefined &&
      (typeof c.forwarderInitCodeHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(c.forwarderInitCodeHash))
    )
      return err(`${at}.forwarderInitCodeHash must be a 32-byte hex string`)
    parsed.push({
      chainId: c.chainId,
      factory: getAddress(c.factory),
      payout: getAddress(c.payout),
      tokens,
      ...(typeof c.pool === "string" ? { pool: getAddress(c.pool) } : {}),
      ...(typeof c.forwarderInitCodeHash === "string"
        ? { forwarderInitCodeHash: c.forwarderInitCodeHash as `0x${string}` }
        : {}),
      ...(publicRpcUrl ? { publicRpcUrl } : {}),
    })
  }
  return ok({ chains: parsed })
}
