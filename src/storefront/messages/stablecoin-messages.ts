import type { PublicRefund } from "../../lib/checkout/public-payment"
import type { Rail } from "../../lib/session-data"
import type { WalletErrorCode } from "../wallet/wallet-error"
import type { WalletStep } from "../wallet/pay-with-wallet"

/**
 * Every sentence the checkout step shows a shopper, in one object. Amounts,
 * rates and times arrive already formatted for the locale (`createFormatters`), so a translation
 * only places them. A storefront overrides any part through the components' `messages` prop, or
 * adds a language by passing a whole object for its `locale`.
 */
export type StablecoinMessages = {
  /** The component's accessible name. */
  region: string
  choice: {
    legend: string
    rails: Record<Rail, string>
    network: string
    token: string
    submit: string
    change: string
    cancel: string
  }
  status: {
    idle: string
    starting: string
    waiting: (p: { rail: Rail; amount: string; network: string }) => string
    sentFromWallet: string
    detected: string
    /** `confirmations` is at most `required`, the count the service waits for. */
    confirming: (p: { confirmations: number; required: number }) => string
    paid: string
    orderPlaced: string
    underpaid: (p: { rail: Rail; received: string; remaining: string }) => string
    overpaid: (p: { surplus: string }) => string
    expired: (p: { rail: Rail; amount: string }) => string
    wrongToken: string
    held: string
    failed: string
    /** The pinned-roots refusal; the next step is said by `refusedNext`. */
    refused: string
    refusedNext: string
  }
  errors: {
    unverified: string
    walletNotAvailable: string
    unsupportedCurrency: string
    serviceBusy: string
    network: string
    generic: string
    /** The step cannot run on this page (the storefront's setup, e.g. its backend URL); the cause goes to the console. */
    unavailable: string
  }
  summary: {
    total: string
    toPay: string
    received: string
    rate: (p: { token: string; fiat: string }) => string
    rateLabel: string
    network: string
    token: string
  }
  countdown: {
    label: string
    /** What happens when the price hold ends, said before it does. */
    atZero: (p: { rail: Rail }) => string
    ended: string
  }
  deposit: {
    amount: string
    remaining: string
    sendTo: string
    copy: (p: { what: string }) => string
    copyButton: string
    copyAmount: string
    copyAddress: string
    /** What a transaction's copy button copies (a chain without an explorer shows the hash). */
    copyTransaction: string
    copied: string
    copyFailed: string
    openInWallet: string
    qrLabel: (p: { amount: string; network: string; address: string }) => string
    onlyThis: (p: { token: string; network: string }) => string
  }
  phone: { open: string; hint: string; qrLabel: string }
  wallet: {
    steps: Record<WalletStep, string>
    /** The steps ahead when each transaction is confirmed on its own. */
    overview: [string, string, string, string]
    /** The steps ahead when the wallet allows and pays in one confirmation (a batch). */
    overviewBatched: [string, string, string]
    overviewLabel: string
    pay: (p: { amount: string; wallet: string }) => string
    noWallet: string
    openElsewhere: string
    sent: string
    tryAgain: string
    errors: Record<WalletErrorCode, (p: { token: string; network: string; tokenAddress: string }) => string>
  }
  receipt: {
    title: string
    amount: string
    network: string
    time: string
    transaction: string
    /** The list of transfers when the payment took more than one (a top-up). */
    transactions: string
    viewTransaction: string
    surplus: (p: { surplus: string; refunded: boolean }) => string
    /** The transfer confirms on the network; `confirmations` is at most `required`, the count the service waits for. */
    confirming: (p: { amount: string; network: string; confirmations: number; required: number }) => string
    /**
     * The transfer is confirmed; the order waits for the store to receive it: `sweep` while the
     * deposit is being moved from its address into the store's account, `store` while the store records it.
     */
    settling: (p: { amount: string; network: string; awaiting: "sweep" | "store" }) => string
    underpaid: (p: { remaining: string }) => string
    attention: string
    /** The order was canceled and its payment arrived all the same: what is (or was) sent back. */
    canceled: (p: { amount: string; refunded: boolean }) => string
  }
  refund: {
    /** The refund address field (deposit rail; prefilled with the paying wallet on the connect rail). */
    addressLabel: string
    optional: string
    /** Why it is asked, in one sentence. */
    why: string
    prefilled: string
    /** Required mode: the deposit details wait for it. */
    required: string
    save: string
    saving: string
    /** Before the saved address, e.g. "Refunds go to". */
    savedTo: string
    change: string
    invalid: string
    failed: string
    /** The refunds the store listed, on the order's page. */
    listTitle: string
    reasons: Record<PublicRefund["reason"], string>
    due: string
    sent: string
    /** Received minus every refund. */
    kept: string
  }
}

/** A partial override: any section, any sentence of it. */
export type StablecoinMessagesOverride = {
  [K in keyof StablecoinMessages]?: StablecoinMessages[K] extends string ? string : Partial<StablecoinMessages[K]>
}
