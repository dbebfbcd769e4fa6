import { DEFAULT_EXPLORER_URLS } from "./default-explorer-urls"

export type BuildExplorerLinkParameters = {
  chainId: number
  kind: "tx" | "address"
  value: string
  /**
   * The chain's explorer (a per-chain `explorerUrl` option, or `explorerUrlOf`'s answer): wins over
   * the defaults; null says the chain has none (a local chain under a real chain's id).
   */
  explorerUrl?: string | null
}
export type BuildExplorerLinkReturnType = string | null
export type BuildExplorerLinkErrorType = never

/**
 * The explorer page of a transaction or an address, in the Etherscan URL layout (`/tx/<hash>`,
 * `/address/<addr>`) that every explorer of DEFAULT_EXPLORER_URLS follows. Null when the chain has
 * no explorer (an unknown chain, or `explorerUrl: null` for a local one) or the value is not hex, so
 * nothing unchecked lands in an href.
 * @example buildExplorerLink({ chainId: 8453, kind: "tx", value: "0xabc…" }) // "https://basescan.org/tx/0xabc…"
 */
export function buildExplorerLink({
  chainId,
  kind,
  value,
  explorerUrl,
}: BuildExplorerLinkParameters): BuildExplorerLinkReturnType {
  const base = explorerUrl === null ? null : (explorerUrl ?? DEFAULT_EXPLORER_URLS[chainId])
  if (!base || !/^0x[0-9a-fA-F]+$/.test(value)) return null
  return `${base.replace(/\/+$/, "")}/${kind}/${value}`
}
