import type { LedgerRefund } from "./refunds"

export type CanceledOrderRefundParameters = {
  /** Base units received for the canceled order so far (the whole of it is owed back). */
  received: bigint
  refunds: readonly LedgerRefund[]
  token: string
  chainId: number
  tokenDecimals: number
  /** The payer as the chain shows it, or null while unknown (the refund then waits for it). */
  payerAddress: string | null
  now: Date
}

/**
 * The refund still to list for a payment whose order was canceled: everything received, minus
 * every refund the row already lists (an earlier one of these, so a top-up adds only its
 * difference; or the refund Medusa's cancel made of a capture it found), so what arrived goes back
 * once. Null when nothing more is owed. Its id names the total it completes, so the same
 * observation applied twice lists it once. Integer arithmetic only.
 * @example canceledOrderRefund({ received: 25_000_000n, refunds: [], token: "USDC", chainId: 8453, tokenDecimals: 6, payerAddress, now }) // tokenAmount "25000000"
 */
export function canceledOrderRefund({
  received,
  refunds,
  token,
  chainId,
  tokenDecimals,
  payerAddress,
  now,
}: CanceledOrderRefundParameters): LedgerRefund | null {
  const listed = refunds.reduce((sum, r) => sum + BigInt(r.tokenAmount), 0n)
  if (received <= listed) return null
  return {
    id: `order-canceled-${received}`,
    reason: "order_canceled",
    fiatAmount: null,
    currencyCode: null,
    tokenAmount: (received - listed).toString(),
    token,
    chainId,
    tokenDecimals,
    payerAddress,
    state: "due",
    recordedAt: now.toISOString(),
  }
}
