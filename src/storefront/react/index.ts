/**
 * `medusa-payment-stablecoin/storefront/react`: React 18/19 components over the framework-free
 * checkout controller (`medusa-payment-stablecoin/storefront`).
 */
export { StablecoinPayment, type StablecoinPaymentProps } from "./stablecoin-payment"
export { DepositDetails } from "./deposit-details"
export { WalletPay, type WalletPayProps } from "./wallet-pay"
export { OrderPaymentStatus, type OrderPaymentStatusProps } from "./order-payment-status"
export { QrCode } from "./qr-code"
export { CopyButton } from "./copy-button"
export { useCheckoutController } from "./use-checkout-controller"
