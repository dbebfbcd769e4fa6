import type { PublicStablecoinPayment } from "../lib/checkout/public-payment"
import type { Rail, StablecoinSessionChoice } from "../lib/session-data"
import { checkoutStateOf, isSettledState, type CheckoutError, type CheckoutState } from "./checkout-state"
import { StoreRequestError, type StablecoinCart, type StablecoinStoreClient } from "./store-client"
import type { Eip1193Provider } from "./wallet/eip1193"
import { payWithWallet, type PayWithWalletParameters, type WalletStep } from "./wallet/pay-with-wallet"
import type { WalletError } from "./wallet/wallet-error"

/** The wallet part of the step (connect rail, or paying a deposit address from this browser). */
export type WalletState =
  | { step: "idle" }
  | { step: WalletStep; txHash: string | null }
  | { step: "submitted"; txHash: string }
  | { step: "error"; error: WalletError }

export type CheckoutSnapshot = { checkout: CheckoutState; wallet: WalletState }

export type CreateCheckoutControllerParameters = {
  client: StablecoinStoreClient
  cart: StablecoinCart
  /** Called once, when the webhook has turned the cart into an order. */
  onOrderPlaced?: (orderId: string) => void
  /** Poll interval (default 2000 ms). The store route bounds what reaches the service, not this. */
  pollIntervalMs?: number
  /** The page stops polling after this long without a settled state (default 2 h). */
  maxPollingMs?: number
}

export type CheckoutController = ReturnType<typeof createCheckoutController>

/**
 * The checkout step without a UI: starts a session on a rail, polls the store's public view,
 * drives the wallet, and tells subscribers the one current state. A storefront (the React
 * components, or any other) renders `getSnapshot()` and calls the actions.
 * @example
 * const controller = createCheckoutController({ client, cart, onOrderPlaced: (id) => router.push(`/order/${id}`) })
 * controller.subscribe(render)
 * await controller.start({ rail: "deposit", token: "USDC", chainId: 8453 })
 */
export function createCheckoutController({ client, cart, onOrderPlaced, pollIntervalMs = 2000, maxPollingMs = 2 * 60 * 60 * 1000 }: CreateCheckoutControllerParameters) {
  let snapshot: CheckoutSnapshot = { checkout: { status: "idle" }, wallet: { step: "idle" } }
  const listeners = new Set<(s: CheckoutSnapshot) => void>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let pollingSince = 0
  let stopped = false
  let announcedOrder: string | null = null
  let generation = 0
  let resuming = false

  const set = (next: Partial<CheckoutSnapshot>) => {
    snapshot = { ...snapshot, ...next }
    for (const listener of listeners) listener(snapshot)
    if (snapshot.checkout.status === "order_placed" && announcedOrder !== snapshot.checkout.orderId) {
      announcedOrder = snapshot.checkout.orderId
      onOrderPlaced?.(announcedOrder)
    }
  }

  const fail = (error: CheckoutError, payment: PublicStablecoinPayment | null = null) => set({ checkout: { status: "failed", payment, error } })

  const errorOf = (error: unknown): CheckoutError => {
    if (error instanceof StoreRequestError) {
      return { code: error.code ?? "session_failed", message: sessionMessageOf(error), retryable: error.code !== "stablecoin_unsupported_currency" }
    }
    return { code: "network", message: "The store could not be reached. Check your connection; we keep trying.", retryable: true }
  }

  /** One poll: the view becomes the state. A network error keeps the last state (the next poll may work). */
  async function poll(): Promise<void> {
    const mine = generation
    try {
      const { payment, withheld } = await client.getCartPayment(cart.id)
      if (mine !== generation) return
      if (withheld) return fail({ code: "unverified", message: "This payment could not be verified, so no address is shown. Choose the token again to start over.", retryable: true })
      if (!payment) {
        // resume() found no session yet: the customer chooses first.
        if (snapshot.checkout.status === "starting" && resuming) set({ checkout: { status: "idle" } })
        return
      }
      set({ checkout: checkoutStateOf(payment) })
    } catch (error) {
      if (mine !== generation) return
      if (snapshot.checkout.status === "starting" || snapshot.checkout.status === "idle") fail(errorOf(error))
    }
  }

  function schedule() {
    clearTimeout(timer)
    // Nothing to watch before a session exists (idle), nor after the payment settled.
    if (stopped || snapshot.checkout.status === "idle" || isSettledState(snapshot.checkout) || Date.now() - pollingSince > maxPollingMs) return
    timer = setTimeout(() => void poll().then(schedule), pollIntervalMs)
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: (s: CheckoutSnapshot) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Starts (or restarts, e.g. after a new token choice) a session on `rail`, then polls until settled. */
    async start(choice: { rail: Rail } & StablecoinSessionChoice) {
      generation++
      stopped = false
      set({ checkout: { status: "starting" }, wallet: { step: "idle" } })
      try {
        await client.startSession({ cart, ...choice })
      } catch (error) {
        return fail(errorOf(error))
      }
      pollingSince = Date.now()
      await poll()
      schedule()
    },
    /** Picks up an existing session (page reload, a second tab) without creating a new one. */
    async resume() {
      stopped = false
      pollingSince = Date.now()
      // "starting" until the first answer, so a storefront does not flash the choice over an existing session.
      resuming = true
      if (snapshot.checkout.status === "idle") set({ checkout: { status: "starting" } })
      await poll()
      resuming = false
      schedule()
    },
    /** Polls now (e.g. after the customer says they sent it), then on schedule. */
    async refresh() {
      await poll()
      schedule()
    },
    /**
     * Pays the current payment from a wallet: the connect rail's approve + deposit, or a transfer
     * to the deposit address. Failures land in `wallet` (the payment state is untouched) and can be retried.
     */
    async payWithWallet(provider: Eip1193Provider, options: Pick<PayWithWalletParameters, "addChain" | "pollingIntervalMs"> = {}) {
      const state = snapshot.checkout
      if (!("payment" in state) || !state.payment) return
      const result = await payWithWallet({
        provider,
        payment: state.payment,
        ...options,
        onStep: (step, detail) => set({ wallet: { step, txHash: detail?.txHash ?? null } }),
      })
      if (!result.ok) return set({ wallet: { step: "error", error: result.error } })
      set({ wallet: { step: "submitted", txHash: result.txHash } })
      await poll()
      schedule()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}

function sessionMessageOf(error: StoreRequestError): string {
  switch (error.code) {
    case "stablecoin_verification_failed":
    case "stablecoin_quote_mismatch":
      return "The payment address could not be verified, so none is shown. Try again in a moment or choose another option."
    case "stablecoin_pool_not_deployed":
      return "Paying from a connected wallet is not available on this chain yet. Use the address option instead."
    case "stablecoin_unsupported_currency":
      return "This store's currency cannot be paid in stablecoins."
    case "stablecoin_service_unavailable":
      return "The payment service is busy. Try again in a moment."
    default:
      return error.message.replace(/^\[[a-z_]+\]\s*/, "")
  }
}
