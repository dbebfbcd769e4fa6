import type { Page } from "playwright-core"

/**
 * An EIP-1193 wallet injected into the page and announced through EIP-6963, backed by anvil: it
 * answers accounts and chain itself and forwards everything else to the node, which signs for its
 * unlocked dev accounts. `rejectFirstSend` answers the first eth_sendTransaction with 4001, as a
 * customer pressing "Reject" would; `signDelayMs` holds each send that long, as a customer reading
 * the prompt; `window.__walletRequests` lists the sends asked of it.
 */
export async function injectAnvilWallet(
  page: Page,
  wallet: { rpcUrl: string; chainId: number; address: string; rejectFirstSend?: boolean; signDelayMs?: number },
) {
  await page.addInitScript((w) => {
    let rejected = false
    ;(window as unknown as { __walletRequests: string[] }).__walletRequests = []
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [w.address]
        if (method === "eth_chainId") return `0x${w.chainId.toString(16)}`
        if (method === "eth_sendTransaction") {
          ;(window as unknown as { __walletRequests: string[] }).__walletRequests.push(method)
          // A shopper reading the prompt before signing: the window a double click or a reload falls into.
          if (w.signDelayMs) await new Promise((resolve) => setTimeout(resolve, w.signDelayMs))
        }
        if (method === "eth_sendTransaction" && w.rejectFirstSend && !rejected) {
          rejected = true
          throw Object.assign(new Error("User rejected the request."), { code: 4001 })
        }
        const res = await fetch(w.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
        })
        const body = await res.json()
        if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
        return body.result
      },
    }
    const info = { uuid: "test-wallet", name: "Test Wallet", icon: "", rdns: "test.wallet" }
    const announce = () =>
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }))
    window.addEventListener("eip6963:requestProvider", announce)
    announce()
  }, wallet)
}
