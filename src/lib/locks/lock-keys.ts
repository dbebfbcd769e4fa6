/** The locking module's key of one service payment: the same for every process and instance. */
export const paymentLockKey = (paymentId: string) => `stablecoin-payment:${paymentId}`

/** A refund transaction's key: one transaction settles one refund, whichever payment it is recorded on. */
export const refundTxLockKey = (txHash: string) => `stablecoin-refund-tx:${txHash.toLowerCase()}`

/**
 * A cart's key is its id, as Medusa's own cart workflows take it (completeCartWorkflow,
 * processPaymentWorkflow), so the plugin's writes to a cart's payment session wait for them and
 * they for it (docs/architecture.md#the-cart-lock).
 */
export const cartLockKey = (cartId: string) => cartId

/** The cart lock's wait and lease, seconds: as Medusa's cart workflows take it. */
export const CART_LOCK_TIMING = { timeoutSeconds: 30, leaseSeconds: 120 } as const

/**
 * The payment lock's wait and lease, seconds: the work under it (a capture under load) ends well
 * within the lease, and a holder that dies frees it when the lease ends.
 */
export const PAYMENT_LOCK_TIMING = { timeoutSeconds: 75, leaseSeconds: 120 } as const

/**
 * A background run's hold of a payment's lock (a chain scan settling receipts, a close of an
 * overdue order): a capture under way holds the lock for seconds, and a holder that died holds it
 * until its lease ends, which a run does not wait out; it leaves the payment to its next run.
 */
export const BACKGROUND_LOCK_TIMING = { timeoutSeconds: 5, leaseSeconds: PAYMENT_LOCK_TIMING.leaseSeconds } as const
