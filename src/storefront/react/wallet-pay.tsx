/// <reference lib="dom" />
import { useEffect, useState } from "react"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import type { CheckoutController, WalletState } from "../create-checkout-controller"
import { discoverWallets } from "../wallet/discover-wallets"
import type { DiscoveredWallet } from "../wallet/eip1193"
import { useStablecoinText } from "./stablecoin-text"

/** The wallet steps as the shopper sees them, and the controller steps each covers. */
const OVERVIEW_STEPS: Array<Array<WalletState["step"]>> = [["connecting", "switching_chain"], ["verifying", "checking_balance"], ["approving"], ["paying", "waiting_receipt", "submitted"]]

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
  useEffect(() => {
    let live = true
    discoverWallets().then((found) => live && setWallets(found))
    return () => {
      live = false
    }
  }, [])
  const all = [...(wallets ?? []), ...extraWallets]
  const busy = wallet.step !== "idle" && wallet.step !== "error" && wallet.step !== "submitted"
  const sent = wallet.step === "submitted" || (busy && wallet.txHash !== null)
  const pay = (w: DiscoveredWallet) => {
    setChosen(w)
    void controller.payWithWallet(w.provider)
  }
  const amount = f.token(payment.remaining?.display ?? payment.amount.display, payment.token.symbol, payment.token.decimals)
  const current = wallet.step === "idle" || wallet.step === "error" ? null : wallet.step
  return (
    <div className="stablecoin-payment__wallet">
      {payment.connect && (
        <ol className="stablecoin-payment__steps" aria-label={t.wallet.overviewLabel}>
          {OVERVIEW_STEPS.map((steps, i) => (
            <li key={i} aria-current={current && steps.includes(current) ? "step" : undefined}>
              {t.wallet.overview[i]}
            </li>
          ))}
        </ol>
      )}
      {!sent && wallets !== null && all.length === 0 && <p className="stablecoin-payment__hint">{t.wallet.noWallet}</p>}
      {/* After a transaction is sent the buttons are gone for this payment (issue 19 point 3), not merely disabled. */}
      {!sent && wallet.step !== "error" && (
        <div className="stablecoin-payment__wallet-buttons">
          {all.map((w) => (
            <button key={w.info.uuid} type="button" className="stablecoin-payment__button" disabled={!canPay} aria-disabled={!canPay} onClick={() => pay(w)}>
              {w.info.icon ? <img src={w.info.icon} alt="" width={20} height={20} /> : null}
              {t.wallet.pay({ amount, wallet: w.info.name })}
            </button>
          ))}
        </div>
      )}
      {!sent && !canPay && wallet.step === "idle" && <p className="stablecoin-payment__hint">{t.wallet.openElsewhere}</p>}
      {wallet.step === "error" && chosen && canPay && (
        <button type="button" className="stablecoin-payment__button" onClick={() => pay(chosen)}>
          {t.wallet.tryAgain}
        </button>
      )}
    </div>
  )
}
