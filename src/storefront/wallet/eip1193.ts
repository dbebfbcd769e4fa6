/**
 * The EIP-1193 provider interface every browser wallet implements (injected `window.ethereum`,
 * an EIP-6963 announcement, or a relay such as WalletConnect's provider): the only thing the
 * connect rail needs, so any wallet that speaks it plugs in.
 * @see https://eips.ethereum.org/EIPS/eip-1193
 */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

/** EIP-6963 provider info (name and icon for the wallet button). */
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string }

/** A wallet the page can offer: announced through EIP-6963, or the legacy injected provider. */
export type DiscoveredWallet = { info: WalletInfo; provider: Eip1193Provider }
