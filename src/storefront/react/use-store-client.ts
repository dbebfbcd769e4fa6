import { useMemo } from "react"
import { createStablecoinStoreClient, type MedusaSdkLike, type StablecoinStoreClient } from "../store-client"

/** How a component reaches the store: the storefront's `@medusajs/js-sdk` client (`sdk`), a store client, or the backend URL and publishable key. */
export type StoreAccessProps = {
  sdk?: MedusaSdkLike
  client?: StablecoinStoreClient
  baseUrl?: string
  publishableKey?: string
}

const clientFrom = ({ client, sdk, baseUrl, publishableKey }: StoreAccessProps): StablecoinStoreClient =>
  client ??
  (sdk
    ? createStablecoinStoreClient({ sdk })
    : createStablecoinStoreClient({ baseUrl: baseUrl ?? "", publishableKey: publishableKey ?? "" }))

/** The given store client, else one made from `sdk`, else from the URL and key (it throws, naming the variable, when they are missing). */
export function useStoreClient({ client, sdk, baseUrl, publishableKey }: StoreAccessProps): StablecoinStoreClient {
  return useMemo(() => clientFrom({ client, sdk, baseUrl, publishableKey }), [client, sdk, baseUrl, publishableKey])
}

/**
 * As useStoreClient, but a client that cannot be made (a loopback backend URL on a public page, a
 * missing URL or key) comes back as its message instead of a throw: thrown during render it would
 * take the whole page down (Next.js: "Application error"), where the step can say it is unavailable.
 */
export function useStoreClientOrProblem({
  client,
  sdk,
  baseUrl,
  publishableKey,
}: StoreAccessProps): { client: StablecoinStoreClient; problem: null } | { client: null; problem: string } {
  return useMemo(() => {
    try {
      return { client: clientFrom({ client, sdk, baseUrl, publishableKey }), problem: null }
    } catch (error) {
      return { client: null, problem: error instanceof Error ? error.message : String(error) }
    }
  }, [client, sdk, baseUrl, publishableKey])
}
