/**
 * `medusa-payment-stablecoin/storefront/react`: React 18/19 components over the framework-free
 * checkout controller (`medusa-payment-stablecoin/storefront`).
 */
export { StablecoinPayment, type StablecoinPaymentProps } from "./stablecoin-payment"
export { DepositDetails } from "./deposit-details"
export { WalletPay, type WalletPayProps } from "./wallet-pay"
export { OrderPaymentStatus, type OrderPaymentStatusProps } from "./order-payment-status"
export { PaymentSummary } from "./payment-summary"
export { PaymentReceipt } from "./payment-receipt"
export { QuoteCountdown } from "./quote-countdown"
export { ContinueOnPhone } from "./continue-on-phone"
export { QrCode } from "./qr-code"
export { CopyButton } from "./copy-button"
export { StablecoinTextProvider, useStablecoinText, type StablecoinTextProps } from "./stablecoin-text"
export { StablecoinStyles, STABLECOIN_CSS } from "./stablecoin-styles"
export { useCheckoutController } from "./use-checkout-controller"
export { useResumeUrl } from "./use-resume-url"
