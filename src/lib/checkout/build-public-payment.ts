import { buildErc20TransferUri } from "../chain/build-erc20-transfer-uri"
import { computePaymentRef } from "../chain/compute-payment-ref"
import { formatTokenAmount } from "../chain/format-token-amount"
import { isSameAddress } from "../chain/is-same-address"
import { parseBaseUnits } from "../chain/parse-base-units"
import { err, ok, type Result } from "../result"
import type { StablecoinSessionData } from "../session-data"
import { isFinalStatus, type ServiceStatus } from "../status"
import { chainNameOf } from "./chain-names"
import { customerMessageOf } from "./customer-message-of"
import { customerPhaseOf } from "./customer-phase-of"
import type { LedgerRefund } from "../ledger/refunds"
import { publicChainOf, type PublicChainOptions } from "./public-chain-of"
import type { PublicRefund, PublicStablecoinPayment, PublicTokenAmount, PublicTransfer } from "./public-payment"

/** The ledger columns the public view reads (src/modules/stablecoin/models/stablecoin-payment.ts). */
export type PublicLedgerRow = {
  payment_id: string
  status: string
  expected_amount: string
  confirmed_amount: string | null
  surplus_amount: string | null
  token_decimals: number | null
  confirmations: number
  tx_hash: string | null
  mismatch: unknown
  verification: unknown
  /** Sum of the receipts the chain scan recorded (payments the service does not report). */
  received_amount?: string | null
  /** LedgerRefund[]: every refund listed, shown to the shopper without ids. */
  refunds?: unknown
  /** Where the shopper asked refunds to go. */
  refund_address?: string | null
  /** When Medusa captured the payment; an order placed before that still awaits it. */
  captured_at?: Date | string | null
}

/** The chain scan's record of one transfer into the payment's address (stablecoin_payment_receipt). */
export type PublicLedgerReceipt = {
  tx_hash: string
  log_index: number
  /** Decimal string. */
  block_number: string
  token_address: string
  /** Base units, integer string. */
  amount: string
}

export type BuildPublicPaymentParameters = {
  session: { id: string; provider_id: string; data: Record<string, unknown> | null }
  /** The ledger row of the session's current payment (the provider writes it when it issues the payment); null when there is none. */
  row: PublicLedgerRow | null
  orderId: string | null
  now: Date
  /** The plugin's chain options: the explorer and the confirmations the service waits for (publicChainOf). */
  chains?: readonly PublicChainOptions[]
  /** The chain scan's receipts of the row's payment, in any order; none before the first scan. */
  receipts?: readonly PublicLedgerReceipt[]
}

/** Which consistency check failed: the view is then withheld, never shown in part. */
export type PublicPaymentProblem =
  | "no_verification"
  | "rail_data_missing"
  | "forwarder_mismatch"
  | "payment_uri_mismatch"
  | "pool_mismatch"
  | "payment_ref_mismatch"
  | "ledger_mismatch"
  | "bad_amount"

export type BuildPublicPaymentReturnType = Result<PublicStablecoinPayment, PublicPaymentProblem>

const amountOf = (units: bigint, decimals: number): PublicTokenAmount => ({
  baseUnits: units.toString(),
  display: formatTokenAmount(units, decimals),
})

/**
 * The customer's view of a payment session, or the reason it is withheld. It re-checks that what
 * the session shows is what the provider proved (the address against the proof's forwarder, the
 * EIP-681 URI rebuilt from verified parts, the pool and the payment reference) and that the
 * ledger row is the same payment (id, amount, decimals): any difference withholds the whole view,
 * so a storefront never shows an address or amount that was not verified.
 * @example buildPublicPayment({ session, row, orderId: null, now: new Date(), chains: options.chains, receipts })
 */
export function buildPublicPayment({
  session,
  row,
  orderId,
  now,
  chains,
  receipts = [],
}: BuildPublicPaymentParameters): BuildPublicPaymentReturnType {
  const data = (session.data ?? {}) as Partial<StablecoinSessionData>
  const proof = data.verification
  if (!proof || !data.paymentId || !data.rail || proof.rail !== data.rail || proof.chainId !== data.chainId)
    return err("no_verification")
  const decimals = proof.tokenDecimals
  const amount = parseBaseUnits(data.amount ?? "")
  if (amount === undefined || data.tokenDecimals !== decimals || !isSameAddress(data.tokenAddress, proof.token))
    return err("bad_amount")
  if (computePaymentRef(data.paymentId) !== proof.paymentRef) return err("payment_ref_mismatch")

  let deposit: PublicStablecoinPayment["deposit"] = null
  let connect: PublicStablecoinPayment["connect"] = null
  if (data.rail === "deposit") {
    if (!data.deposit) return err("rail_data_missing")
    if (!proof.forwarder || !isSameAddress(data.deposit.address, proof.forwarder)) return err("forwarder_mismatch")
    const uri = buildErc20TransferUri({ token: proof.token, chainId: proof.chainId, to: proof.forwarder, amount })
    if (data.deposit.paymentUri !== uri) return err("payment_uri_mismatch")
    deposit = { address: proof.forwarder, paymentUri: uri }
  } else {
    if (!data.connect) return err("rail_data_missing")
    if (!isSameAddress(data.connect.pool, proof.pool)) return err("pool_mismatch")
    if (data.connect.paymentRef !== proof.paymentRef) return err("payment_ref_mismatch")
    connect = { pool: proof.pool, paymentRef: proof.paymentRef }
  }

  if (row) {
    const rowProof = row.verification as { pool?: string; forwarder?: string } | null
    const sameProof =
      !rowProof ||
      (isSameAddress(rowProof.pool, proof.pool) &&
        (!proof.forwarder || isSameAddress(rowProof.forwarder, proof.forwarder)))
    if (
      row.payment_id !== data.paymentId ||
      parseBaseUnits(row.expected_amount) !== amount ||
      (row.token_decimals !== null && row.token_decimals !== decimals) ||
      !sameProof
    ) {
      return err("ledger_mismatch")
    }
  }

  const status = row?.status ?? "waiting"
  const confirmations = row?.confirmations ?? 0
  const confirmed = row?.confirmed_amount ? parseBaseUnits(row.confirmed_amount) : undefined
  const transfers = transfersOf(row ? receipts : [], row?.tx_hash ?? null, proof.token, decimals)
  const listed = transfers.reduce((sum, t) => sum + BigInt(t.amount?.baseUnits ?? "0"), 0n)
  const recorded = row?.received_amount ? parseBaseUnits(row.received_amount) : undefined
  const scanned = recorded !== undefined && recorded > listed ? recorded : listed > 0n ? listed : recorded
  // The chain scan sees payments the service never reports: the larger sum is what arrived.
  const received = scanned !== undefined && (confirmed === undefined || scanned > confirmed) ? scanned : confirmed
  const expiresAt = new Date(data.expiresAt ?? 0)
  const captured = Boolean(row?.captured_at)
  const refunds = publicRefundsOf(row?.refunds, decimals)
  const refunded = refunds.reduce((sum, r) => sum + BigInt(r.amount.baseUnits), 0n)
  const phase = customerPhaseOf({
    status,
    rail: data.rail,
    confirmations,
    orderId,
    captured,
    expiresAt,
    now,
    contradicted: Boolean(row?.mismatch),
    orderCanceled: refunds.some((r) => r.reason === "order_canceled"),
  })
  const short = phase === "underpaid" && received !== undefined && received < amount ? amount - received : undefined
  const surplus = row?.surplus_amount ? parseBaseUnits(row.surplus_amount) : undefined
  const chainName = chainNameOf(proof.chainId)
  const { explorerUrl, confirmationsRequired } = publicChainOf(chains, proof.chainId)
  const remaining =
    short === undefined
      ? null
      : {
          ...amountOf(short, decimals),
          paymentUri: deposit
            ? buildErc20TransferUri({
                token: proof.token,
                chainId: proof.chainId,
                to: deposit.address as `0x${string}`,
                amount: short,
              })
            : null,
        }

  return ok({
    paymentId: data.paymentId,
    paymentSessionId: session.id,
    providerId: session.provider_id,
    rail: data.rail,
    status,
    phase,
    message: customerMessageOf({
      phase,
      rail: data.rail,
      token: proof.tokenSymbol,
      chainName,
      amountDisplay: formatTokenAmount(amount, decimals),
      receivedDisplay: received === undefined ? null : formatTokenAmount(received, decimals),
      remainingDisplay: remaining?.display ?? null,
      confirmations,
      confirmationsRequired,
    }),
    final: (Boolean(orderId) && captured) || isKnownFinal(status, data.rail),
    chain: { id: proof.chainId, name: chainName, explorerUrl },
    token: { symbol: proof.tokenSymbol, address: proof.token, decimals },
    amount: amountOf(amount, decimals),
    fiat: { amount: Number(data.fiatTotal), currency: String(data.fiatCurrency ?? "").toUpperCase() },
    received: received === undefined || received === 0n ? null : amountOf(received, decimals),
    remaining,
    surplus:
      surplus !== undefined && surplus > 0n
        ? { ...amountOf(surplus, decimals), refund: surplusRefundState(row?.refunds) }
        : null,
    refunds,
    kept:
      received === undefined || received === 0n
        ? null
        : amountOf(received > refunded ? received - refunded : 0n, decimals),
    refundAddress: row?.refund_address ?? null,
    deposit,
    connect,
    verification: {
      blockNumber: proof.blockNumber,
      factory: proof.factory,
      payout: proof.payout,
      pool: proof.pool,
      forwarder: proof.forwarder ?? null,
      verifiedAt: proof.verifiedAt ?? null,
    },
    expiresAt: expiresAt.toISOString(),
    priceExpired: now.getTime() > expiresAt.getTime(),
    addressValidAfterExpiry: true,
    confirmations,
    confirmationsRequired,
    txHash: row?.tx_hash ?? null,
    transfers,
    capturedAt: row?.captured_at ? new Date(row.captured_at).toISOString() : null,
    orderId,
  })
}

/**
 * Every transfer of the payment's token into its address, oldest first, one entry per transaction
 * (its logs summed): the chain scan's receipts, and the service's transfer when the scan has not
 * read it yet (no amount: the service reports one total, not one per transfer).
 */
function transfersOf(
  receipts: readonly PublicLedgerReceipt[],
  serviceTx: string | null,
  token: string,
  decimals: number,
): PublicTransfer[] {
  const ours = receipts
    .filter((r) => isSameAddress(r.token_address, token))
    .sort((a, b) => {
      const blocks = BigInt(a.block_number) - BigInt(b.block_number)
      return blocks !== 0n ? (blocks < 0n ? -1 : 1) : a.log_index - b.log_index
    })
  const byTx = new Map<string, bigint>()
  for (const r of ours) {
    const key = r.tx_hash.toLowerCase()
    byTx.set(key, (byTx.get(key) ?? 0n) + (parseBaseUnits(r.amount) ?? 0n))
  }
  const transfers: PublicTransfer[] = [...byTx].map(([txHash, units]) => ({
    txHash,
    amount: amountOf(units, decimals),
  }))
  if (serviceTx && !byTx.has(serviceTx.toLowerCase())) transfers.unshift({ txHash: serviceTx, amount: null })
  return transfers
}

/** "sent" once every surplus refund listed is recorded as sent (and there is one), else "due". */
function surplusRefundState(refunds: unknown): "due" | "sent" {
  const surplus = (Array.isArray(refunds) ? (refunds as Array<{ reason?: string; state?: string }>) : []).filter(
    (r) => r.reason === "surplus",
  )
  return surplus.length > 0 && surplus.every((r) => r.state === "sent") ? "sent" : "due"
}

const REFUND_REASONS: ReadonlyArray<PublicRefund["reason"]> = [
  "merchant",
  "surplus",
  "order_canceled",
  "cart_completion_failed",
]

/** The ledger's refunds as the shopper sees them, in the order listed: amount, why, due or sent with the checked transfer; ids and destinations stay inside. */
function publicRefundsOf(refunds: unknown, decimals: number): PublicRefund[] {
  const listed = Array.isArray(refunds)
    ? (refunds as Array<Partial<Pick<LedgerRefund, "reason" | "state" | "tokenAmount" | "txHash">>>)
    : []
  return listed.flatMap((r) => {
    const units = parseBaseUnits(r.tokenAmount ?? "")
    if (units === undefined || !r.reason || !REFUND_REASONS.includes(r.reason)) return []
    const sent = r.state === "sent"
    return [
      {
        amount: amountOf(units, decimals),
        reason: r.reason,
        state: sent ? ("sent" as const) : ("due" as const),
        txHash: sent ? (r.txHash ?? null) : null,
      },
    ]
  })
}

function isKnownFinal(status: string, rail: "deposit" | "connect"): boolean {
  const known = [
    "waiting",
    "confirming",
    "paid",
    "swept",
    "underpaid",
    "overpaid",
    "wrong_token",
    "expired",
    "expired_paid_late",
    "held_sanctioned",
  ]
  return known.includes(status) && isFinalStatus(status as ServiceStatus, rail)
}
