/// <reference lib="dom" />
import { useEffect, useState } from "react"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import type { CheckoutController, WalletState } from "../create-checkout-controller"
import { discoverWallets } from "../wallet/discover-wallets"
import type { DiscoveredWallet } from "../wallet/eip1193"
import { useStablecoinText } from "./stablecoin-text"

type Step = WalletState["step"]
/** The wallet steps as the shopper sees them, and the controller steps each covers: one transaction per confirmation, */
const OVERVIEW_STEPS: Step[][] = [
  ["connecting", "switching_chain"],
  ["verifying", "checking_balance"],
  ["approving"],
  ["paying", "waiting_receipt", "submitted"],
]
/** or the approval and the payment in one batch (a wallet with EIP-5792 atomic batching). */
const OVERVIEW_BATCHED_STEPS: Step[][] = [
  ["connecting", "switching_chain"],
  ["verifying", "checking_balance"],
  ["confirming_batch", "waiting_batch", "submitted"],
]
const BATCH_STEPS: Step[] = ["confirming_batch", "waiting_batch"]
const SEPARATE_STEPS: Step[] = ["approving", "paying", "waiting_receipt"]

export type WalletPayProps = {
  controller: CheckoutController
  payment: PublicStablecoinPayment
  wallet: WalletState
  /** The controller's `canPay`: false from the first click until the wallet refuses, and for good once a payment was sent. */
  canPay: boolean
  /** Wallets to offer besides the discovered ones (e.g. a WalletConnect provider, a dev wallet). */
  extraWallets?: DiscoveredWallet[]
}

/**
 * The wallet button(s) and, on the connect rail, the steps ahead. The current step and any
 * refusal are said by the component's one status line; this part offers "Try again".
 */
export function WalletPay({ controller, payment, wallet, canPay, extraWallets = [] }: WalletPayProps) {
  const { t, f } = useStablecoinText()
  const [wallets, setWallets] = useState<DiscoveredWallet[] | null>(null)
  const [chosen, setChosen] = useState<DiscoveredWallet | null>(null)
  // Whether this wallet batches is known only when it is asked to confirm (and a declined batch goes on in
  // separate transactions); the overview keeps the last answer until the next click.
  const [batched, setBatched] = useState(false)
  useEffect(() => {
    if (BATCH_STEPS.includes(wallet.step)) setBatched(true)
    else if (SEPARATE_STEPS.includes(wallet.step)) setBatched(false)
  }, [wallet.step])
  useEffect(() => {
    let live = true
    discoverWallets().then((found) => live && setWallets(found))
    return () => {
      live = false
    }
  }, [])
  const all = [...(wallets ?? []), ...extraWallets]
  const busy = wallet.step !== "idle" && wallet.step !== "error" && wallet.step !== "submitted"
  // A sent batch has no transaction hash until the wallet reports it, but it is sent.
  const sent = wallet.step === "submitted" || (busy && (wallet.txHash !== null || wallet.step === "waiting_batch"))
  const pay = (w: DiscoveredWallet) => {
    setChosen(w)
    setBatched(false)
    void controller.payWithWallet(w.provider)
  }
  const amount = f.token(
    payment.remaining?.display ?? payment.amount.display,
    payment.token.symbol,
    payment.token.decimals,
  )
  const current = wallet.step === "idle" || wallet.step === "error" ? null : wallet.step
  // The token refuses this wallet whatever it tries: no "Try again"; another wallet, or another token, can still pay.
  const refusedByToken = wallet.step === "error" && wallet.error.code === "token_refuses_approval"
  const offered = refusedByToken ? all.filter((w) => w.info.uuid !== chosen?.info.uuid) : all
  return (
    <div className="stablecoin-payment__wallet">
      {payment.connect && (
        <ol className="stablecoin-payment__steps" aria-label={t.wallet.overviewLabel}>
          {(batched ? OVERVIEW_BATCHED_STEPS : OVERVIEW_STEPS).map((steps, i) => (
            <li key={i} aria-current={current && steps.includes(current) ? "step" : undefined}>
              {(batched ? t.wallet.overviewBatched : t.wallet.overview)[i]}
            </li>
          ))}
        </ol>
      )}
      {!sent && wallets !== null && all.length === 0 && <p className="stablecoin-payment__hint">{t.wallet.noWallet}</p>}
      {/* After a transaction is sent the buttons are gone for this payment, not merely disabled: a second payment is never offered. */}
      {!sent && (wallet.step !== "error" || refusedByToken) && (
        <div className="stablecoin-payment__wallet-buttons">
          {offered.map((w) => (
            <button
              key={w.info.uuid}
              type="button"
              className="stablecoin-payment__button"
              disabled={!canPay}
              aria-disabled={!canPay}
              onClick={() => pay(w)}
            >
              {w.info.icon ? <img src={w.info.icon} alt="" width={20} height={20} /> : null}
              {t.wallet.pay({ amount, wallet: w.info.name })}
            </button>
          ))}
        </div>
      )}
      {!sent && !canPay && wallet.step === "idle" && (
        <p className="stablecoin-payment__hint">{t.wallet.openElsewhere}</p>
      )}
      {wallet.step === "error" && !refusedByToken && chosen && canPay && (
        <button type="button" className="stablecoin-payment__button" onClick={() => pay(chosen)}>
          {t.wallet.tryAgain}
        </button>
      )}
    </div>
  )
}
