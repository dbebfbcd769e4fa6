/// <reference lib="dom" />
import { useEffect, useState } from "react"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import type { CheckoutController, WalletState } from "../create-checkout-controller"
import { discoverWallets } from "../wallet/discover-wallets"
import type { DiscoveredWallet } from "../wallet/eip1193"
import type { WalletStep } from "../wallet/pay-with-wallet"

const STEP_TEXT: Record<WalletStep, string> = {
  connecting: "Connecting to your wallet…",
  switching_chain: "Switching your wallet to the payment's network…",
  verifying: "Checking the payment address through your wallet's network…",
  checking_balance: "Checking your balance…",
  approving: "Approve the token spend in your wallet…",
  paying: "Confirm the payment in your wallet…",
  waiting_receipt: "Waiting for the transaction to be mined…",
}

/** The connect rail's steps as the customer sees them, and the controller steps each covers. */
const CONNECT_STEPS: Array<[string, Array<WalletState["step"]>]> = [
  ["Connect your wallet and switch to the network", ["connecting", "switching_chain"]],
  ["Check the pool and your balance", ["verifying", "checking_balance"]],
  ["Approve the token (only if the allowance is short)", ["approving"]],
  ["Pay into the pool", ["paying", "waiting_receipt", "submitted"]],
]

export type WalletPayProps = {
  controller: CheckoutController
  payment: PublicStablecoinPayment
  wallet: WalletState
  /** The controller's `canPay`: false from the first click until the wallet refuses, and for good once a payment was sent. */
  canPay: boolean
  /** Wallets to offer besides the discovered ones (e.g. a WalletConnect provider, a dev wallet). */
  extraWallets?: DiscoveredWallet[]
}

/** The wallet button(s), the current step and a recoverable error with "Try again". */
export function WalletPay({ controller, payment, wallet, canPay, extraWallets = [] }: WalletPayProps) {
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
  const amount = payment.remaining?.display ?? payment.amount.display
  const current = wallet.step === "idle" || wallet.step === "error" ? null : wallet.step
  return (
    <div className="stablecoin-payment__wallet">
      {payment.connect && (
        <>
          <dl className="stablecoin-payment__facts">
            <dt>Amount</dt>
            <dd className="stablecoin-payment__amount" data-base-units={payment.remaining?.baseUnits ?? payment.amount.baseUnits}>
              {amount} {payment.token.symbol}
            </dd>
            <dt>Network</dt>
            <dd className="stablecoin-payment__chain">
              {payment.chain.name} (chain {payment.chain.id})
            </dd>
            <dt>Paid into the store&apos;s pool</dt>
            <dd>
              <code className="stablecoin-payment__pool">{payment.connect.pool}</code>
            </dd>
          </dl>
          <ol className="stablecoin-payment__steps" aria-label="Wallet steps">
            {CONNECT_STEPS.map(([label, steps]) => (
              <li key={label} aria-current={current && steps.includes(current) ? "step" : undefined}>
                {label}
              </li>
            ))}
          </ol>
        </>
      )}
      {!sent && wallets !== null && all.length === 0 && <p className="stablecoin-payment__hint">No browser wallet found. Install one, or use the address option.</p>}
      {/* After a transaction is sent the buttons are gone for this payment (issue 19 point 3), not merely disabled. */}
      {!sent && (
      <div className="stablecoin-payment__wallet-buttons">
        {all.map((w) => (
          <button key={w.info.uuid} type="button" className="stablecoin-payment__button" disabled={!canPay} aria-disabled={!canPay} onClick={() => pay(w)}>
            {w.info.icon ? <img src={w.info.icon} alt="" width={20} height={20} /> : null}
            Pay {amount} {payment.token.symbol} with {w.info.name}
          </button>
        ))}
      </div>
      )}
      {!sent && !canPay && wallet.step === "idle" && (
        <p className="stablecoin-payment__hint">A payment request for this order is open in your wallet, perhaps from another tab. Confirm or reject it there.</p>
      )}
      {busy && <p className="stablecoin-payment__step">{STEP_TEXT[wallet.step as WalletStep]}</p>}
      {wallet.step === "submitted" && (
        <p className="stablecoin-payment__step stablecoin-payment__sent">
          Sent: transaction <code className="stablecoin-payment__tx">{wallet.txHash}</code>
        </p>
      )}
      {wallet.step === "error" && (
        <div className="stablecoin-payment__error" role="alert">
          <p>{wallet.error.message}</p>
          {chosen && canPay && (
            <button type="button" className="stablecoin-payment__button" onClick={() => pay(chosen)}>
              Try again
            </button>
          )}
        </div>
      )}
    </div>
  )
}
