/**
 * `medusa-payment-stablecoin/storefront`: the checkout step in the browser, framework-free and
 * without server code. The React components (`medusa-payment-stablecoin/storefront/react`) are a
 * thin skin over this.
 */
export {
  createStablecoinStoreClient,
  StoreRequestError,
  type StablecoinCart,
  type StablecoinStoreClient,
  type CreateStablecoinStoreClientParameters,
  type MedusaSdkLike,
} from "./store-client"
export {
  createCheckoutController,
  type CheckoutController,
  type CheckoutSnapshot,
  type WalletState,
  type CreateCheckoutControllerParameters,
} from "./create-checkout-controller"
export {
  checkoutStateOf,
  isSettledState,
  type CheckoutState,
  type CheckoutStatus,
  type CheckoutError,
} from "./checkout-state"
export { renderQrSvg, type RenderQrSvgParameters } from "./render-qr-svg"
export { copyText } from "./copy-text"
export { messagesFor, STABLECOIN_MESSAGES } from "./messages/messages-for"
export { messagesEn } from "./messages/messages-en"
export { messagesDe } from "./messages/messages-de"
export type { StablecoinMessages, StablecoinMessagesOverride } from "./messages/stablecoin-messages"
export { createFormatters, type StablecoinFormatters } from "./format/create-formatters"
export { exchangeRateOf, type ExchangeRateOfParameters } from "./format/exchange-rate-of"
export { discoverWallets, type DiscoverWalletsParameters } from "./wallet/discover-wallets"
export { payWithWallet, amountToPay, type PayWithWalletParameters, type WalletStep } from "./wallet/pay-with-wallet"
export {
  verifyPaymentAgainstRoots,
  TRUST_CHECKS,
  type TrustCheck,
  type TrustFailure,
  type VerifiedPayTarget,
} from "./trust/verify-payment-against-roots"
export { parseTrustRoots } from "./trust/parse-trust-roots"
export { UNVERIFIED_MESSAGE } from "./trust/report-refusal"
export {
  STOREFRONT_TRUST_ROOTS_ENV,
  type StorefrontTrustRoots,
  type StorefrontChainRoots,
} from "../lib/chain/storefront-trust-roots"
export { createSentPayments, type SentPayments, type SentPaymentRecord } from "./sent-payments"
export { isPayOffered } from "./is-pay-offered"
export { completeCartWhenInFlight } from "./complete-cart-when-in-flight"
export {
  confirmingStageOf,
  orderPaymentStateOf,
  isCapturedPayment,
  type ConfirmingStage,
  type OrderPaymentState,
} from "./order-payment-state"
export { walletErrorOf, type WalletError, type WalletErrorCode } from "./wallet/wallet-error"
export { KNOWN_CHAINS, type AddChainParameters } from "./wallet/add-chain-parameters"
export type { Eip1193Provider, DiscoveredWallet, WalletInfo } from "./wallet/eip1193"
export { buildErc20TransferUri } from "../lib/chain/build-erc20-transfer-uri"
export { formatTokenAmount } from "../lib/chain/format-token-amount"
export {
  PROVIDER_IDENTIFIERS,
  STOREFRONT_ERROR_CODES,
  type StorefrontErrorCode,
  type StablecoinSessionData,
  type StablecoinSessionChoice,
  type Rail,
} from "../lib/session-data"
export type {
  PublicStablecoinPayment,
  PublicTokenAmount,
  PublicTransfer,
  CustomerPhase,
  StablecoinCartPaymentResponse,
  StablecoinStoreOptions,
} from "../lib/checkout/public-payment"
