/// <reference lib="dom" />
import type { StorefrontTrustRoots } from "../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment } from "../lib/checkout/public-payment"
import type { Rail, StablecoinSessionChoice } from "../lib/session-data"
import { checkoutStateOf, isSettledState, type CheckoutError, type CheckoutState } from "./checkout-state"
import { completeCartWhenInFlight } from "./complete-cart-when-in-flight"
import { isPayOffered } from "./is-pay-offered"
import { createSentPayments, type SentPayments } from "./sent-payments"
import { StoreRequestError, type StablecoinCart, type StablecoinStoreClient } from "./store-client"
import { lazyDisplayVerifier } from "./trust/lazy-display-verifier"
import { reportRefusal } from "./trust/report-refusal"
import type { TrustFailure } from "./trust/verify-payment-against-roots"
import type { Eip1193Provider } from "./wallet/eip1193"
import type { PayWithWalletParameters, WalletStep } from "./wallet/pay-with-wallet"
import type { WalletError } from "./wallet/wallet-error"

/** The wallet part of the step (connect rail, or paying a deposit address from this browser). */
export type WalletState =
  | { step: "idle" }
  | { step: WalletStep; txHash: string | null }
  | { step: "submitted"; txHash: string }
  | { step: "error"; error: WalletError }

/**
 * `canPay`: whether a Pay button may be offered now (one payment per checkout).
 * `payer`: the wallet this page paid from, once it paid (the refund address field is prefilled with it).
 */
export type CheckoutSnapshot = { checkout: CheckoutState; wallet: WalletState; canPay: boolean; payer: string | null }

export type CreateCheckoutControllerParameters = {
  client: StablecoinStoreClient
  cart: StablecoinCart
  /**
   * The merchant's pinned trust roots, fixed at build time (`npm run storefront:config` prints
   * them; the object or its JSON). Never from a store answer. Without them no payable state is shown.
   */
  trustRoots: StorefrontTrustRoots | string | null | undefined
  /** Called once, when the cart has become an order (completed by this page or by the store). */
  onOrderPlaced?: (orderId: string) => void
  /** Poll interval (default 2000 ms). The store route bounds what reaches the service, not this. */
  pollIntervalMs?: number
  /** The page stops polling after this long without a settled state (default 2 h). */
  maxPollingMs?: number
  /** Where sent payments are remembered (default: localStorage). */
  sentPayments?: SentPayments
}

export type CheckoutController = ReturnType<typeof createCheckoutController>

/** Phases in which the payment is in flight: the cart can be completed. */
const IN_FLIGHT_PHASES: ReadonlyArray<PublicStablecoinPayment["phase"]> = [
  "detected",
  "confirming",
  "paid",
  "overpaid",
  "underpaid",
]
/** After a completion run gave up, the next one starts no sooner than this. */
const COMPLETION_PAUSE_MS = 30_000

/**
 * The checkout step without a UI: starts a session on a rail, polls the store's public view,
 * proves every payable answer against the pinned trust roots before showing it, drives the
 * wallet (one payment per checkout), completes the cart once the payment is in flight, and
 * tells subscribers the one current state. A storefront renders `getSnapshot()` and calls the actions.
 * The chain code is fetched when the first answer with an address is proved and the wallet code
 * when the shopper picks a wallet, so the page itself loads neither.
 * @example
 * const controller = createCheckoutController({ client, cart, trustRoots: process.env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS, onOrderPlaced: (id) => router.push(`/order/${id}`) })
 * controller.subscribe(render)
 * await controller.start({ rail: "deposit", token: "USDC", chainId: 8453 })
 */
export function createCheckoutController({
  client,
  cart,
  trustRoots,
  onOrderPlaced,
  pollIntervalMs = 2000,
  maxPollingMs = 2 * 60 * 60 * 1000,
  sentPayments,
}: CreateCheckoutControllerParameters) {
  const loadVerifier = lazyDisplayVerifier(trustRoots)
  /** The parsed roots, known once the verifier is loaded: no answer is shown or paid before that. */
  let roots: StorefrontTrustRoots | null = null
  let rootsChecked = false
  const verifyForDisplay = async (payment: PublicStablecoinPayment) => {
    const verifier = await loadVerifier()
    if (!rootsChecked) {
      rootsChecked = true
      roots = verifier.roots
      if (!roots) {
        console.error(
          `medusa-payment-stablecoin: no usable trust roots (${verifier.rootsProblem}); the payment step will show no address and ask no wallet to pay. Pass trustRoots (npm run storefront:config prints them).`,
        )
      }
    }
    return verifier.verify(payment)
  }
  const sent = sentPayments ?? createSentPayments()
  let snapshot: CheckoutSnapshot = {
    checkout: { status: "idle" },
    wallet: { step: "idle" },
    canPay: false,
    payer: null,
  }
  /** Whether the store asks for a refund address (GET /store/stablecoin/options), read once when a wallet paid. */
  let refundAddressMode: Promise<"off" | "optional" | "required"> | null = null
  const listeners = new Set<(s: CheckoutSnapshot) => void>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let pollingSince = 0
  let stopped = false
  let announcedOrder: string | null = null
  let generation = 0
  let resuming = false
  let paying = false
  let completing = false
  let completionBlockedUntil = 0

  const paymentOf = (state: CheckoutState) => ("payment" in state ? state.payment : null)
  const canPayNow = (checkout: CheckoutState) => {
    const payment = paymentOf(checkout)
    return Boolean(roots && payment && !paying && isPayOffered(payment, sent.read(payment.paymentId), Date.now()))
  }
  const announce = (orderId: string) => {
    if (announcedOrder === orderId) return
    announcedOrder = orderId
    onOrderPlaced?.(orderId)
  }
  const set = (next: Partial<Omit<CheckoutSnapshot, "canPay">>) => {
    const merged = { ...snapshot, ...next }
    snapshot = { ...merged, canPay: canPayNow(merged.checkout) }
    for (const listener of listeners) listener(snapshot)
    if (snapshot.checkout.status === "order_placed") announce(snapshot.checkout.orderId)
  }

  const fail = (error: CheckoutError, payment: PublicStablecoinPayment | null = null) =>
    set({ checkout: { status: "failed", payment, error } })
  const refuse = (paymentId: string, failure: TrustFailure) => {
    reportRefusal(paymentId, failure)
    set({ checkout: { status: "refused", paymentId, check: failure.check } })
  }

  const errorOf = (error: unknown): CheckoutError => {
    if (error instanceof StoreRequestError) {
      return {
        code: error.code ?? "session_failed",
        message: sessionMessageOf(error),
        retryable: error.code !== "stablecoin_unsupported_currency",
      }
    }
    return {
      code: "network",
      message: "The store could not be reached. Check your connection; we keep trying.",
      retryable: true,
    }
  }

  /** Once the payment is in flight, completes the cart; one run at a time. */
  function completeIfInFlight(payment: PublicStablecoinPayment | null) {
    const walletSent =
      snapshot.wallet.step === "submitted" || (payment !== null && sent.read(payment.paymentId).sent.length > 0)
    const inFlight = walletSent || (payment !== null && IN_FLIGHT_PHASES.includes(payment.phase))
    if (!inFlight || completing || announcedOrder || Date.now() < completionBlockedUntil) return
    completing = true
    const mine = generation
    void completeCartWhenInFlight({ client, cartId: cart.id, isCancelled: () => stopped || mine !== generation })
      .then((done) => {
        if (done.outcome === "order") announce(done.orderId)
        // A store that completes after the capture: its view will name the order; nothing to repeat.
        else
          completionBlockedUntil =
            done.outcome === "after_capture" ? Number.POSITIVE_INFINITY : Date.now() + COMPLETION_PAUSE_MS
      })
      .finally(() => {
        completing = false
      })
  }

  /** One poll: the view, once proved, becomes the state. A network error keeps the last state (the next poll may work). */
  async function poll(): Promise<void> {
    const mine = generation
    try {
      const { payment, withheld } = await client.getCartPayment(cart.id)
      if (mine !== generation) return
      if (withheld)
        return fail({
          code: "unverified",
          message: "This payment could not be verified, so no address is shown. Choose the token again to start over.",
          retryable: true,
        })
      if (!payment) {
        // resume() found no session yet: the customer chooses first.
        if (snapshot.checkout.status === "starting" && resuming) set({ checkout: { status: "idle" } })
        return
      }
      const next = checkoutStateOf(payment)
      if (payment.deposit || payment.connect) {
        const proof = await verifyForDisplay(payment)
        if (mine !== generation) return
        if (!proof.ok) return refuse(payment.paymentId, proof.error)
      }
      const record = sent.read(payment.paymentId)
      const lastSent = record.sent[record.sent.length - 1]
      // A reload, Back or a second tab: the transaction this browser sent is shown, not a Pay button.
      const wallet: WalletState =
        lastSent && (snapshot.wallet.step === "idle" || snapshot.wallet.step === "error")
          ? { step: "submitted", txHash: lastSent.txHash }
          : snapshot.wallet
      set({ checkout: next, wallet })
      // An order exists (this page, another tab or the store completed the cart): it is placed, whatever the payment's phase.
      if (payment.orderId) announce(payment.orderId)
      completeIfInFlight(payment)
    } catch (error) {
      if (mine !== generation) return
      if (snapshot.checkout.status === "starting" || snapshot.checkout.status === "idle") fail(errorOf(error))
    }
  }

  /**
   * The connect rail's refund address is the wallet that paid, unless the shopper gave one: saved when
   * the store takes refund addresses, so a refund never waits for the chain to name the payer. A store
   * that cannot be reached now keeps the payer as the refund's destination anyway.
   */
  async function refundToPayer(payment: PublicStablecoinPayment, from: string) {
    if (payment.refundAddress) return
    refundAddressMode ??= client.getOptions().then(
      (o) => o.refundAddress,
      () => "off" as const,
    )
    if ((await refundAddressMode) === "off") return
    await client.setRefundAddress(cart.id, from).catch(() => undefined)
  }

  function schedule() {
    clearTimeout(timer)
    // Nothing to watch before a session exists (idle), nor after the payment settled.
    if (
      stopped ||
      snapshot.checkout.status === "idle" ||
      isSettledState(snapshot.checkout) ||
      Date.now() - pollingSince > maxPollingMs
    )
      return
    timer = setTimeout(() => void poll().then(schedule), pollIntervalMs)
  }

  // Another tab of this store sent or claimed the payment: recompute at once, not at the next poll.
  const onStorage = () => set({})
  globalThis.addEventListener?.("storage", onStorage)

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
     * Pays the current payment from a wallet, once: from the click until the wallet refuses or the
     * payment settles nothing else is started, and after a transaction is sent Pay is not offered
     * again for this payment (in this tab, after a reload, or in another tab). Failures land in
     * `wallet`; a refusal of the trust checks turns the step into `refused`.
     */
    async payWithWallet(
      provider: Eip1193Provider,
      options: Pick<PayWithWalletParameters, "addChain" | "pollingIntervalMs"> = {},
    ) {
      const payment = paymentOf(snapshot.checkout)
      // Checked and claimed before the first await: a double click or a second tab finds it taken.
      if (!payment || !snapshot.canPay || !canPayNow(snapshot.checkout) || !sent.claim(payment.paymentId, Date.now()))
        return
      const paymentId = payment.paymentId
      paying = true
      set({ wallet: { step: "connecting", txHash: null } })
      const loaded = await import("./wallet/pay-with-wallet.js").catch(() => null)
      if (!loaded) {
        paying = false
        sent.release(paymentId)
        return set({
          wallet: {
            step: "error",
            error: { code: "wallet_error", message: "The wallet code did not load (connection)." },
          },
        })
      }
      const result = await loaded.payWithWallet({
        provider,
        payment,
        roots,
        ...options,
        onStep: (step, detail) => set({ wallet: { step, txHash: detail?.txHash ?? null } }),
        onSent: (txHash, baseUnits) => sent.recordSent(paymentId, txHash, baseUnits, Date.now()),
      })
      paying = false
      if (!result.ok && !(result.sent && !result.sent.reverted)) {
        sent.release(paymentId, result.sent?.txHash)
        if (result.error.code === "verification_failed")
          set({
            checkout: {
              status: "refused",
              paymentId,
              check: (result.error.check ?? "pool_address") as TrustFailure["check"],
            },
          })
        return set({ wallet: { step: "error", error: result.error } })
      }
      // Sent (a receipt that did not come back still leaves the transaction sent).
      set({
        wallet: { step: "submitted", txHash: result.ok ? result.txHash : result.sent!.txHash },
        payer: result.ok ? result.from : snapshot.payer,
      })
      if (result.ok) void refundToPayer(payment, result.from)
      completeIfInFlight(payment)
      await poll()
      schedule()
    },
    /**
     * Saves where refunds go (the store checks the address: a refusal throws StoreRequestError naming
     * refundAddress), then reads the payment again so the view shows it.
     */
    async saveRefundAddress(refundAddress: string) {
      const saved = await client.setRefundAddress(cart.id, refundAddress)
      await poll()
      return saved.refundAddress
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      globalThis.removeEventListener?.("storage", onStorage)
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
      return error.message
  }
}
