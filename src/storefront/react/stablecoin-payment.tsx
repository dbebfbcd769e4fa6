/// <reference lib="dom" />
import { useEffect, useId, useMemo, useState } from "react"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { StablecoinStoreOptions } from "../../lib/checkout/public-payment"
import type { Rail } from "../../lib/session-data"
import type { CheckoutState } from "../checkout-state"
import { createStablecoinStoreClient, type MedusaSdkLike, type StablecoinCart, type StablecoinStoreClient } from "../store-client"
import { UNVERIFIED_MESSAGE } from "../trust/report-refusal"
import type { DiscoveredWallet } from "../wallet/eip1193"
import { DepositDetails } from "./deposit-details"
import { useCheckoutController } from "./use-checkout-controller"
import { WalletPay } from "./wallet-pay"

export type StablecoinPaymentProps = {
  /** The Medusa cart (`HttpTypes.StoreCart` fits). */
  cart: StablecoinCart
  /**
   * The merchant's pinned trust roots, fixed at build time (`npm run storefront:config` prints
   * them, e.g. `process.env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS`). Never from a store answer;
   * without them the component shows no address and offers no Pay button.
   */
  trustRoots: StorefrontTrustRoots | string | null | undefined
  /** Called once the cart is an order (placed as soon as the payment is in flight): move to the order's confirmation. */
  onOrderPlaced: (orderId: string) => void
  /** How the step reaches the store: the storefront's `@medusajs/js-sdk` client (`sdk`), a store client, or the backend URL and publishable key. Without any of them the first render throws, naming the variable. */
  sdk?: MedusaSdkLike
  client?: StablecoinStoreClient
  baseUrl?: string
  publishableKey?: string
  /** Rails to offer, in order (default both). */
  rails?: Rail[]
  /** Wallets to offer besides the discovered ones (a WalletConnect provider, a dev wallet). */
  extraWallets?: DiscoveredWallet[]
  pollIntervalMs?: number
  className?: string
}

/** States in which the customer still has something to send: the instructions (address, QR, wallet) are shown. */
const PAY_STATES: CheckoutState["status"][] = ["waiting", "expired", "underpaid"]
/** A transfer was seen: no instructions (nothing more to send), only what arrived. */
const PROGRESS_STATES: CheckoutState["status"][] = ["detected", "confirming", "paid", "overpaid"]

const RAIL_LABEL: Record<Rail, string> = { deposit: "Send to an address (any wallet or exchange)", connect: "Pay from a browser wallet" }

/**
 * The stablecoin checkout step: token, chain and rail from what the store offers; then the deposit
 * details or the wallet button; live progress in an aria-live region until the order is placed.
 * Unstyled: every part has a `stablecoin-payment__*` class and the root a `data-status`.
 */
export function StablecoinPayment({ cart, trustRoots, onOrderPlaced, client: given, sdk, baseUrl, publishableKey, rails = ["deposit", "connect"], extraWallets, pollIntervalMs, className }: StablecoinPaymentProps) {
  const client = useMemo(() => given ?? (sdk ? createStablecoinStoreClient({ sdk }) : createStablecoinStoreClient({ baseUrl: baseUrl ?? "", publishableKey: publishableKey ?? "" })), [given, sdk, baseUrl, publishableKey])
  const { controller, snapshot } = useCheckoutController({ client, cart, trustRoots, onOrderPlaced, pollIntervalMs })
  const [options, setOptions] = useState<StablecoinStoreOptions | null>(null)
  const [rail, setRail] = useState<Rail>(rails[0]!)
  const [chainId, setChainId] = useState<number | null>(null)
  const [token, setToken] = useState<string | null>(null)
  const ids = { rail: useId(), chain: useId(), token: useId() }
  useEffect(() => {
    client.getOptions().then((o) => {
      setOptions(o)
      setChainId(o.defaultChainId)
      setToken(o.defaultToken)
    }, () => setOptions({ chains: [], defaultChainId: 0, defaultToken: "" }))
  }, [client])
  const chain = options?.chains.find((c) => c.chainId === chainId)
  const state = snapshot.checkout
  const payment = "payment" in state ? state.payment : null
  const choosing = state.status === "idle" || (state.status === "failed" && state.error.retryable)

  return (
    <section className={["stablecoin-payment", className].filter(Boolean).join(" ")} data-status={state.status} aria-label="Pay with stablecoins">
      {choosing && options && (
        <form
          className="stablecoin-payment__choice"
          onSubmit={(e) => {
            e.preventDefault()
            if (chainId && token) void controller.start({ rail, chainId, token: token as "USDC" | "USDT" | "EURC" })
          }}
        >
          <fieldset>
            <legend>How do you want to pay?</legend>
            {rails.map((r) => (
              <label key={r} className="stablecoin-payment__rail">
                <input type="radio" name={ids.rail} value={r} checked={rail === r} onChange={() => setRail(r)} /> {RAIL_LABEL[r]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={ids.chain}>Network</label>
          <select id={ids.chain} value={chainId ?? ""} onChange={(e) => {
            const next = options.chains.find((c) => c.chainId === Number(e.target.value))
            setChainId(Number(e.target.value))
            if (next && !next.tokens.some((t) => t.symbol === token)) setToken(next.tokens[0]?.symbol ?? null)
          }}>
            {options.chains.map((c) => (
              <option key={c.chainId} value={c.chainId}>{c.name}</option>
            ))}
          </select>
          <label htmlFor={ids.token}>Token</label>
          <select id={ids.token} value={token ?? ""} onChange={(e) => setToken(e.target.value)}>
            {(chain?.tokens ?? []).map((t) => (
              <option key={t.symbol} value={t.symbol}>{t.symbol}</option>
            ))}
          </select>
          <button type="submit" className="stablecoin-payment__button">Continue</button>
        </form>
      )}

      <div className="stablecoin-payment__status" aria-live="polite" role="status">
        <StatusLine state={state} sent={snapshot.wallet.step === "submitted"} />
      </div>

      {payment && PAY_STATES.includes(state.status) && (
        <>
          {payment.deposit && <DepositDetails payment={payment} />}
          {(payment.connect || (payment.deposit && extraWallets && extraWallets.length > 0)) && (
            <WalletPay controller={controller} payment={payment} wallet={snapshot.wallet} canPay={snapshot.canPay} extraWallets={extraWallets} />
          )}
        </>
      )}
      {payment && PROGRESS_STATES.includes(state.status) && (
        <dl className="stablecoin-payment__facts stablecoin-payment__progress">
          <dt>Amount</dt>
          <dd>{payment.received?.display ?? payment.amount.display} {payment.token.symbol}</dd>
          <dt>Network</dt>
          <dd>{payment.chain.name}</dd>
          {payment.txHash && (
            <>
              <dt>Transaction</dt>
              <dd><code className="stablecoin-payment__tx">{payment.txHash}</code></dd>
            </>
          )}
        </dl>
      )}
    </section>
  )
}

function StatusLine({ state, sent }: { state: CheckoutState; sent: boolean }) {
  // The store has not seen the wallet's transaction yet: its "send / connect to pay" sentence would ask for a second payment.
  if (sent && PAY_STATES.includes(state.status) && state.status !== "underpaid") return <p>Payment sent from your wallet. Waiting for the store to see it…</p>
  switch (state.status) {
    case "idle":
      return <p>Choose how to pay.</p>
    case "starting":
      return <p>Getting a price and a verified address…</p>
    case "failed":
      return <p className="stablecoin-payment__error">{state.error.message}</p>
    case "refused":
      return <p className="stablecoin-payment__error stablecoin-payment__refused" role="alert">{UNVERIFIED_MESSAGE}</p>
    case "order_placed":
      return <p className="stablecoin-payment__done">{state.payment.message} Order {state.orderId}.</p>
    default:
      return <p>{state.payment.message}</p>
  }
}
