import { STOREFRONT_TRUST_ROOTS_ENV, type StorefrontTrustRoots } from "./storefront-trust-roots"

export type FormatStorefrontConfigEnvParameters = { roots: StorefrontTrustRoots }
export type FormatStorefrontConfigEnvReturnType = string
export type FormatStorefrontConfigEnvErrorType = never

/**
 * The storefront configuration as one env line (`NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS=<json>`),
 * what `npm run storefront:config` prints and the admin's copy button copies. The JSON is single
 * quoted so a `.env` file and a shell both read it as one value (it never holds a quote: addresses,
 * symbols and numbers only).
 * @example formatStorefrontConfigEnv({ roots }) // "NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS='{\"chains\":[…]}'"
 */
export function formatStorefrontConfigEnv({
  roots,
}: FormatStorefrontConfigEnvParameters): FormatStorefrontConfigEnvReturnType {
  return `${STOREFRONT_TRUST_ROOTS_ENV}='${JSON.stringify(roots)}'`
}
