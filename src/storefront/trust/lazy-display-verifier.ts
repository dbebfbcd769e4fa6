import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { DisplayVerifier } from "./create-display-verifier"

/**
 * The display verifier with its code (viem and the trust checks) fetched on the first call, when
 * an answer first has an address to prove, not with the page: a bundler makes
 * a chunk of the `import()`. Nothing is shown before the call resolves, so a slow fetch delays the
 * address and never skips its check. A failed fetch is not remembered: the next call fetches again.
 * @example const verifierOf = lazyDisplayVerifier(trustRoots); const { verify } = await verifierOf()
 */
export function lazyDisplayVerifier(
  trustRoots: StorefrontTrustRoots | string | null | undefined,
): () => Promise<DisplayVerifier> {
  let loading: Promise<DisplayVerifier> | undefined
  return () =>
    (loading ??= import("./create-display-verifier.js").then(
      ({ createDisplayVerifier }) => createDisplayVerifier(trustRoots),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
}
