import { useMemo } from "react"
import { createStablecoinStoreClient, type MedusaSdkLike, type StablecoinStoreClient } from "../store-client"

/** How a component reaches the store: the storefront's `@medusajs/js-sdk` client (`sdk`), a store client, or the backend URL and publishable key. */
export type StoreAccessProps = {
  sdk?: MedusaSdkLike
  client?: StablecoinStoreClient
  baseUrl?: string
  publishableKey?: string
}

/** The given store client, else one made from `sdk`, else from the URL and key (it throws, naming the variable, when they are missing). */
export function useStoreClient({ client, sdk, baseUrl, publishableKey }: StoreAccessProps): StablecoinStoreClient {
  return useMemo(
    () =>
      client ??
      (sdk
        ? createStablecoinStoreClient({ sdk })
        : createStablecoinStoreClient({ baseUrl: baseUrl ?? "", publishableKey: publishableKey ?? "" })),
    [client, sdk, baseUrl, publishableKey],
  )
}
