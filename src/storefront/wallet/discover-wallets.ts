/// <reference lib="dom" />
import type { DiscoveredWallet, Eip1193Provider } from "./eip1193"

type AnnounceEvent = CustomEvent<DiscoveredWallet>

export type DiscoverWalletsParameters = {
  /** How long to listen for announcements (default 300 ms; wallets answer synchronously in practice). */
  timeoutMs?: number
  /** Default: globalThis.window. */
  target?: Window
}

/**
 * The wallets installed in this browser: EIP-6963 announcements (several wallets side by side,
 * each with a name and icon), and the legacy `window.ethereum` when no wallet announced itself.
 * @see https://eips.ethereum.org/EIPS/eip-6963
 * @example const wallets = await discoverWallets()
 */
export async function discoverWallets({
  timeoutMs = 300,
  target = globalThis.window,
}: DiscoverWalletsParameters = {}): Promise<DiscoveredWallet[]> {
  if (!target) return []
  const found = new Map<string, DiscoveredWallet>()
  const onAnnounce = (event: Event) => {
    const detail = (event as AnnounceEvent).detail
    if (detail?.info?.uuid && typeof detail.provider?.request === "function") found.set(detail.info.uuid, detail)
  }
  target.addEventListener("eip6963:announceProvider", onAnnounce)
  target.dispatchEvent(new Event("eip6963:requestProvider"))
  await new Promise((resolve) => setTimeout(resolve, timeoutMs))
  target.removeEventListener("eip6963:announceProvider", onAnnounce)
  if (found.size > 0) return [...found.values()]
  const injected = (target as unknown as { ethereum?: Eip1193Provider }).ethereum
  return injected && typeof injected.request === "function"
    ? [{ info: { uuid: "injected", name: "Browser wallet", icon: "", rdns: "injected" }, provider: injected }]
    : []
}
