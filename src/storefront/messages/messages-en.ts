import type { StablecoinMessages } from "./stablecoin-messages"

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

/** English, the default. Words a shopper knows: no pool, allowance, block or raw id. */
export const messagesEn: StablecoinMessages = {
  region: "Pay with stablecoins",
  choice: {
    legend: "How do you want to pay?",
    rails: { deposit: "Send to an address (any wallet or exchange)", connect: "Pay from a browser wallet" },
    network: "Network",
    token: "Token",
    submit: "Continue",
    change: "Change token or network",
    cancel: "Keep the current payment",
  },
  status: {
    idle: "Choose how to pay; your price in stablecoins is fixed once you continue.",
    starting: "Getting your price and payment address…",
    waiting: ({ rail, amount, network }) =>
      rail === "deposit"
        ? `Send exactly ${amount} on ${network} to the address below.`
        : `Pay ${amount} on ${network} from your wallet.`,
    sentFromWallet: "Payment sent from your wallet. Waiting for the network to show it…",
    detected: "We see your payment. Waiting for the network to confirm it…",
    confirming: ({ confirmations, required }) =>
      confirmations < required
        ? `Your payment is being confirmed: ${confirmations} of ${required} ${plural(required, "confirmation", "confirmations")}.`
        : `Your payment has its ${required} ${plural(required, "confirmation", "confirmations")}. The payment service is checking the amount…`,
    paid: "Your payment is confirmed. Your order is being placed…",
    orderPlaced: "Payment received. Your order is placed.",
    underpaid: ({ rail, received, remaining }) =>
      `We received ${received}; ${remaining} is still missing. ${rail === "deposit" ? "Send the rest to the same address." : "Pay the rest from your wallet."}`,
    overpaid: ({ surplus }) =>
      `You sent ${surplus} more than the total; the store will refund it. Your order is being placed.`,
    expired: ({ rail, amount }) =>
      rail === "deposit"
        ? `The price hold has ended, but the address below still accepts ${amount}: a payment sent to it is credited.`
        : "The price hold has ended. Choose the token again to get a new price.",
    wrongToken: "A token this store does not accept arrived. Do not send more; contact the store to sort it out.",
    held: "This payment is on hold for a compliance review. Do not send more; the store will contact you.",
    failed:
      "This payment could not be confirmed automatically. Do not send more; the store is looking into it and will contact you.",
    refused: "We could not verify this payment address. Nothing was sent.",
    refusedNext:
      "Do not pay to any address you were given elsewhere. Reload the page to try again, or contact the store.",
  },
  errors: {
    unverified:
      "The payment address could not be verified, so none is shown. Try again in a moment or choose another option.",
    walletNotAvailable:
      "Paying from a browser wallet is not available on this network yet. Choose “Send to an address” instead.",
    unsupportedCurrency:
      "This store's currency cannot be paid with stablecoins. Go back and choose another payment method.",
    serviceBusy: "The payment service is busy. Try again in a moment.",
    network: "The store could not be reached. Check your connection; we keep trying.",
    generic: "Your payment could not be prepared. Try again, or choose another payment method.",
    unavailable:
      "Paying with stablecoins is not available on this page right now. Choose another payment method, or contact the store.",
  },
  summary: {
    total: "Order total",
    toPay: "You pay",
    received: "Received",
    rate: ({ token, fiat }) => `1 ${token} = ${fiat}`,
    rateLabel: "Rate",
    network: "Network",
    token: "Token",
  },
  countdown: {
    label: "Price held for",
    atZero: ({ rail }) =>
      rail === "deposit"
        ? "When the time runs out, this address stays valid: a payment sent later is still credited."
        : "When the time runs out, choose the token again for a new price.",
    ended: "Price hold ended",
  },
  deposit: {
    amount: "Amount",
    remaining: "Still to send",
    sendTo: "Send to",
    copy: ({ what }) => `Copy ${what}`,
    copyButton: "Copy",
    copyAmount: "amount",
    copyAddress: "address",
    copyTransaction: "transaction",
    copied: "Copied",
    copyFailed: "Select and copy",
    openInWallet: "Open in wallet",
    qrLabel: ({ amount, network, address }) => `QR code: send ${amount} on ${network} to ${address}`,
    onlyThis: ({ token, network }) => `Send only ${token} on ${network}; other tokens or networks cannot be credited.`,
  },
  phone: {
    open: "Continue on your phone",
    hint: "Scan to open this payment on your phone. It is the same payment: pay it once, on either device.",
    qrLabel: "QR code of this page's address",
  },
  wallet: {
    steps: {
      connecting: "Connecting to your wallet…",
      switching_chain: "Switching your wallet to the payment's network…",
      verifying: "Checking the payment address through your wallet…",
      checking_balance: "Checking your balance…",
      approving: "Allow the payment in your wallet…",
      paying: "Confirm the payment in your wallet…",
      waiting_receipt: "Waiting for the network to accept the payment…",
      confirming_batch: "Confirm in your wallet: one confirmation allows the amount and pays it…",
      waiting_batch: "Your wallet is sending the payment. Waiting for the network to accept it…",
    },
    overview: [
      "Connect your wallet",
      "Check the address and your balance",
      "Allow the amount (only if your wallet asks)",
      "Confirm the payment",
    ],
    overviewBatched: [
      "Connect your wallet",
      "Check the address and your balance",
      "Allow and pay with one confirmation",
    ],
    overviewLabel: "Wallet steps",
    pay: ({ amount, wallet }) => `Pay ${amount} with ${wallet}`,
    noWallet: "No browser wallet found. Install one, or choose “Send to an address”.",
    openElsewhere:
      "A payment request for this order is open in your wallet, perhaps from another tab. Confirm or reject it there.",
    sent: "Sent from your wallet.",
    tryAgain: "Try again",
    errors: {
      no_wallet: () => "Your wallet shared no account. Unlock it and try again.",
      rejected: () => "You declined the request in your wallet. Nothing was sent; try again when ready.",
      wrong_chain: ({ network }) => `Switch your wallet to ${network} and try again.`,
      insufficient_balance: ({ token, network }) =>
        `This wallet does not hold enough ${token} on ${network}. Top it up, or use another wallet.`,
      verification_failed: () => "We could not verify this payment address. Nothing was sent.",
      reverted: () => "The network refused the transaction. Nothing was paid; try again.",
      token_refuses_approval: ({ token, network, tokenAddress }) =>
        `The ${token} token on ${network} (${tokenAddress}) refuses to let this wallet pay with it. Nothing was sent; choose another token, or pay from another wallet.`,
      wallet_error: () => "Your wallet reported a problem. Nothing was paid; try again, or use another wallet.",
    },
  },
  receipt: {
    title: "Payment receipt",
    amount: "Amount paid",
    network: "Network",
    time: "Paid on",
    transaction: "Transaction",
    transactions: "Transactions",
    viewTransaction: "View on the network's explorer",
    surplus: ({ surplus, refunded }) =>
      refunded
        ? `You sent ${surplus} more than the total; the store has refunded it.`
        : `You sent ${surplus} more than the total; the store will refund it.`,
    confirming: ({ amount, network, confirmations, required }) =>
      confirmations < required
        ? `Your payment of ${amount} on ${network} is being confirmed: ${confirmations} of ${required} ${plural(required, "confirmation", "confirmations")}. Your order is placed and ships once the store has received the payment.`
        : `Your payment of ${amount} on ${network} has its ${required} ${plural(required, "confirmation", "confirmations")}; the payment service is checking the amount. Your order is placed and ships once the store has received the payment.`,
    settling: ({ amount, network, awaiting }) =>
      awaiting === "sweep"
        ? `Your payment of ${amount} on ${network} is confirmed. It is now being moved into the store's account, which can take a few minutes; your order ships once it has arrived.`
        : `Your payment of ${amount} on ${network} is confirmed and on its way to the store. Your order ships once the store has recorded it, usually within minutes.`,
    underpaid: ({ remaining }) =>
      `Your payment arrived short: ${remaining} is still to send to the same address. The order ships once it is paid.`,
    attention: "Your payment needs the store's attention. Do not send more; the store will contact you.",
    canceled: ({ amount, refunded }) =>
      refunded
        ? `This order was canceled. The store has refunded the ${amount} you sent.`
        : `This order was canceled and will not ship. The ${amount} you sent is owed back to you: the store will refund it (see Refunds). Do not send more.`,
  },
  refund: {
    addressLabel: "Refund address",
    optional: "(optional)",
    why: "If we need to send money back; exchange deposit addresses may not receive it.",
    prefilled: "Filled in with the wallet you paid from; change it if refunds should go elsewhere.",
    required: "Give a refund address first: the address to pay to shows once it is saved.",
    save: "Save refund address",
    saving: "Saving…",
    savedTo: "Refunds go to",
    change: "Change",
    invalid: "Enter an address of 0x followed by 40 hexadecimal characters, from a wallet you control.",
    failed: "The refund address could not be saved. Try again.",
    listTitle: "Refunds",
    reasons: {
      merchant: "Refund",
      surplus: "Overpayment returned",
      order_canceled: "Canceled order",
      cart_completion_failed: "Order not placed",
    },
    due: "To be sent by the store",
    sent: "Sent",
    kept: "Paid after refunds",
  },
}
