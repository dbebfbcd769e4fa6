import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import type { CheckoutError, CheckoutState } from "../checkout-state"
import type { WalletState } from "../create-checkout-controller"
import { canceledRefundOf, confirmingStageOf } from "../order-payment-state"
import type { StablecoinMessages } from "../messages/stablecoin-messages"
import type { WalletStep } from "../wallet/pay-with-wallet"
import { useStablecoinText } from "./stablecoin-text"

/** States in which the shopper still has something to send. */
export const PAY_STATES: ReadonlyArray<CheckoutState["status"]> = ["waiting", "expired", "underpaid"]

/**
 * The one status line: the wallet's step while it works (a busy or refused
 * wallet outranks the payment's own sentence, which would ask for the payment again), else the
 * payment's state. Never two lines that disagree.
 */
export function StatusLine({ state, wallet }: { state: CheckoutState; wallet: WalletState }) {
  const { t, f } = useStablecoinText()
  const payment = "payment" in state ? state.payment : null
  const amountOf = (p: PublicStablecoinPayment, display: string) => f.token(display, p.token.symbol, p.token.decimals)
  const payable = PAY_STATES.includes(state.status)

  if (payable && payment && wallet.step === "error") {
    const text =
      wallet.error.code === "verification_failed"
        ? t.status.refused
        : t.wallet.errors[wallet.error.code]({
            token: payment.token.symbol,
            network: payment.chain.name,
            tokenAddress: payment.token.address,
          })
    return (
      <p className="stablecoin-payment__error" role="alert">
        {text}
      </p>
    )
  }
  if (payable && state.status !== "underpaid" && wallet.step === "submitted")
    return <p className="stablecoin-payment__sent">{t.status.sentFromWallet}</p>
  if (payable && wallet.step !== "idle")
    return <p className="stablecoin-payment__step">{t.wallet.steps[wallet.step as WalletStep]}</p>

  switch (state.status) {
    case "idle":
      return <p>{t.status.idle}</p>
    case "starting":
      return <p>{t.status.starting}</p>
    case "failed":
      return <p className="stablecoin-payment__error">{state.payment ? t.status.failed : errorText(state.error, t)}</p>
    case "refused":
      return <p className="stablecoin-payment__error stablecoin-payment__refused">{t.status.refused}</p>
    case "order_placed":
      return <p className="stablecoin-payment__done">{t.status.orderPlaced}</p>
    case "waiting":
      return (
        <p>
          {t.status.waiting({
            rail: state.payment.rail,
            amount: amountOf(state.payment, state.payment.amount.display),
            network: state.payment.chain.name,
          })}
        </p>
      )
    case "expired":
      return (
        <p>
          {t.status.expired({
            rail: state.payment.rail,
            amount: amountOf(state.payment, state.payment.amount.display),
          })}
        </p>
      )
    case "underpaid":
      return (
        <p>
          {t.status.underpaid({
            rail: state.payment.rail,
            received: amountOf(state.payment, state.payment.received?.display ?? "0"),
            remaining: amountOf(state.payment, state.remaining.display),
          })}
        </p>
      )
    case "detected":
      return <p>{t.status.detected}</p>
    case "confirming": {
      const stage = confirmingStageOf(state.payment)
      // The service's status already says confirmed (the phase lags a poll): say so, no count.
      return <p>{stage.stage === "confirming" ? t.status.confirming(stage) : t.status.paid}</p>
    }
    case "paid":
      return <p>{t.status.paid}</p>
    case "overpaid":
      return <p>{t.status.overpaid({ surplus: amountOf(state.payment, surplusOf(state.payment)) })}</p>
    case "wrong_token":
      return <p className="stablecoin-payment__error">{t.status.wrongToken}</p>
    case "held":
      return <p className="stablecoin-payment__error">{t.status.held}</p>
    case "order_canceled":
      return (
        <p className="stablecoin-payment__error">
          {t.receipt.canceled({
            amount: amountOf(state.payment, canceledAmountOf(state.payment)),
            refunded: canceledRefundOf(state.payment)?.refunded ?? false,
          })}
        </p>
      )
  }
}

/** The surplus the store owes back: the view's own figure, else what arrived above the amount. */
export function surplusOf(payment: PublicStablecoinPayment): string {
  if (payment.surplus) return payment.surplus.display
  const above = BigInt(payment.received?.baseUnits ?? "0") - BigInt(payment.amount.baseUnits)
  return formatTokenAmount(above > 0n ? above : 0n, payment.token.decimals)
}

/** What a canceled order's payment owes back: the listed refund, else what arrived. */
export function canceledAmountOf(payment: PublicStablecoinPayment): string {
  return (canceledRefundOf(payment)?.amount ?? payment.received ?? payment.amount).display
}

/** A refusal before any payment exists, as a next step the shopper can take. */
function errorText(error: CheckoutError, t: StablecoinMessages): string {
  switch (error.code) {
    case "unverified":
    case "stablecoin_verification_failed":
    case "stablecoin_quote_mismatch":
      return t.errors.unverified
    case "stablecoin_pool_not_deployed":
      return t.errors.walletNotAvailable
    case "stablecoin_unsupported_currency":
    case "stablecoin_invalid_amount":
      return t.errors.unsupportedCurrency
    case "stablecoin_service_unavailable":
    case "stablecoin_service_refused":
      return t.errors.serviceBusy
    case "network":
      return t.errors.network
    default:
      return t.errors.generic
  }
}
