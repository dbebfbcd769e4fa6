import { DEFAULT_EXPLORER_URLS } from "./default-explorer-urls"

export type ExplorerUrlOfParameters = {
  chainId: number
  /** The chain's configured explorer (the per-chain `explorerUrl` option): always wins. */
  explorerUrl?: string | null
  /** The chain's JSON-RPC URL from the options; a loopback host means a local chain. */
  rpcUrl?: string | null
}
export type ExplorerUrlOfReturnType = string | null
export type ExplorerUrlOfErrorType = never

/**
 * The explorer a chain's transactions may be linked to, or null when no public explorer knows them.
 * A local chain (anvil, the sandbox) often runs under a real chain's id (8453 for Base): its
 * transactions exist only on that machine, so a link to basescan.org would open a "not found" page.
 * Such a chain is told by its RPC URL pointing at a loopback host; a configured `explorerUrl` still wins.
 * @example explorerUrlOf({ chainId: 8453, rpcUrl: "http://127.0.0.1:8545" }) // null
 * @example explorerUrlOf({ chainId: 8453, rpcUrl: "https://mainnet.base.org" }) // "https://basescan.org"
 */
export function explorerUrlOf({ chainId, explorerUrl, rpcUrl }: ExplorerUrlOfParameters): ExplorerUrlOfReturnType {
  if (explorerUrl) return explorerUrl
  if (rpcUrl && isLoopbackUrl(rpcUrl)) return null
  return DEFAULT_EXPLORER_URLS[chainId] ?? null
}

/**
 * Whether a URL names this machine: localhost (and *.localhost), 127.0.0.0/8, ::1, 0.0.0.0. An
 * unparsable URL is not called loopback.
 * @example isLoopbackUrl("http://localhost:8545") // true
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  host = host.replace(/^\[|\]$/g, "")
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0.0.0.0" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}
