import { createPublicClient, http, type PublicClient } from "viem"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { parseTrustRoots } from "./parse-trust-roots"
import { verifyPaymentAgainstRoots, type VerifyPaymentAgainstRootsReturnType } from "./verify-payment-against-roots"

/** The address-bearing fields of an answer: a verification holds while they do not change. */
const fingerprintOf = (p: PublicStablecoinPayment) =>
  JSON.stringify([p.paymentId, p.chain.id, p.token, p.amount, p.remaining, p.deposit, p.connect, p.verification])

export type DisplayVerifier = ReturnType<typeof createDisplayVerifier>

/**
 * Proves a payable answer against the pinned roots before anything of it is shown, once per distinct set of addresses (polls repeat the same answer): through a public
 * RPC the storefront pinned for the chain, else with the checks that need no node. Used by the
 * payment step and by the order's page, which shows an address again when a payment is short.
 * Takes the roots as configured (object or JSON): `roots` is null and `rootsProblem` says why
 * when they are missing or malformed, and then every answer is refused.
 * @example const { verify } = createDisplayVerifier(process.env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS); if (!(await verify(payment)).ok) refuse()
 */
export function createDisplayVerifier(trustRoots: StorefrontTrustRoots | string | null | undefined) {
  const parsed = trustRoots === null || trustRoots === undefined ? null : parseTrustRoots(trustRoots)
  const roots = parsed?.ok ? parsed.value : null
  const verified = new Map<string, Awaited<VerifyPaymentAgainstRootsReturnType>>()
  const publicClients = new Map<number, PublicClient>()
  const clientOf = (chainId: number): PublicClient | null => {
    const url = roots?.chains.find((c) => c.chainId === chainId)?.publicRpcUrl
    if (!url) return null
    if (!publicClients.has(chainId))
      publicClients.set(
        chainId,
        createPublicClient({ transport: http(url, { retryCount: 0, timeout: 10_000 }), cacheTime: 0 }) as PublicClient,
      )
    return publicClients.get(chainId)!
  }
  return {
    roots,
    rootsProblem: roots ? null : parsed && !parsed.ok ? parsed.error : "none given",
    async verify(payment: PublicStablecoinPayment) {
      const key = fingerprintOf(payment)
      const known = verified.get(key)
      if (known) return known
      const result = await verifyPaymentAgainstRoots({ roots, payment, client: clientOf(payment.chain.id) })
      // A node that did not answer is not remembered: the next poll asks again.
      if (result.ok || result.error.check !== "node_unreachable") verified.set(key, result)
      return result
    },
  }
}
