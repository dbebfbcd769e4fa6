import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isSameAddress } from "#src/lib/chain/is-same-address"
import { surplusOwed } from "#src/lib/ledger/surplus-owed"
import { BACKGROUND_LOCK_TIMING, paymentLockKey } from "#src/lib/locks/lock-keys"
import { isLockNotHadError } from "#src/lib/locks/lock-not-had-error"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { withStablecoinLock } from "#src/modules/stablecoin/locks"
import { ledgerRefundsOf } from "#src/modules/stablecoin/types"

/** The event a store subscribes to, to tell the payer a refund is owed (one per refund). */
export const REFUND_DUE_EVENT = "stablecoin.payment.refund_due"

/** The payload of REFUND_DUE_EVENT. Amounts are base-unit integer strings. */
export type RefundDueEventData = {
  /** The ledger row (stablecoin_payment.id), as the admin routes name it. */
  id: string
  payment_id: string
  payment_session_id: string | null
  refund_id: string
  /** What this refund owes, base units. */
  amount: string
  /** Everything the payment received above its expected amount, base units. */
  surplus: string
  token: string
  token_address: string | null
  token_decimals: number
  chain_id: number
  payer_address: string | null
}

export type ApplyChainReceiptsResult = { received: string | null; refundAdded: boolean; announced: number }

/**
 * Runs settleChainReceipts under the payment's lock, for callers outside a workflow that holds it.
 * Null when another holder kept the lock past a short wait (a capture under way, or a process that
 * died holding it): the receipts stay recorded and the payment's next chain scan settles them.
 */
export async function settleChainReceiptsUnderLock(
  container: MedusaContainer,
  row: { id: string; payment_id: string },
): Promise<ApplyChainReceiptsResult | null> {
  try {
    return await withStablecoinLock(
      container,
      { keys: [paymentLockKey(row.payment_id)], ...BACKGROUND_LOCK_TIMING },
      () => settleChainReceipts(container, row.id),
    )
  } catch (error) {
    if (isLockNotHadError(error)) return null
    throw error
  }
}

/**
 * Brings a payment's ledger row in line with the receipts the chain scan recorded (the caller
 * holds the payment's lock, so it never interleaves with an observation's capture): the received
 * total, and for a captured payment the surplus it owes, listed as a due refund (payer: the sender
 * of the receipt that made it owed), status overpaid. Then every due surplus refund not yet
 * announced is emitted as REFUND_DUE_EVENT, once; this also announces a surplus the capture path
 * listed. An uncaptured payment only gets its received total: its capture decides.
 */
export async function settleChainReceipts(
  container: MedusaContainer,
  paymentRowId: string,
): Promise<ApplyChainReceiptsResult> {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const row = await ledger.retrieveStablecoinPayment(paymentRowId)
  const receipts = (
    await ledger.listStablecoinPaymentReceipts(
      { payment_id: row.payment_id },
      { order: { block_number: "ASC", log_index: "ASC" } },
    )
  )
    .filter(
      (r) =>
        r.chain_id === row.chain_id && row.token_address !== null && isSameAddress(r.token_address, row.token_address),
    )
    .sort((a, b) =>
      BigInt(a.block_number) === BigInt(b.block_number)
        ? a.log_index - b.log_index
        : BigInt(a.block_number) < BigInt(b.block_number)
          ? -1
          : 1,
    )
  const received = receipts.length ? receipts.reduce((sum, r) => sum + BigInt(r.amount), 0n) : null
  let refunds = ledgerRefundsOf(row)
  const update: Record<string, unknown> = {}
  if (received !== null && received.toString() !== row.received_amount) update.received_amount = received.toString()

  let refundAdded = false
  if (row.captured_at && row.token_decimals !== null) {
    const owed = surplusOwed({
      expectedAmount: BigInt(row.expected_amount),
      confirmedAmount: BigInt(row.confirmed_amount ?? "0"),
      receivedAmount: received,
      refunds,
    })
    if (owed.surplus > 0n) {
      if (owed.surplus.toString() !== row.surplus_amount) update.surplus_amount = owed.surplus.toString()
      if (row.status !== "overpaid") update.status = "overpaid"
    }
    if (owed.unlisted > 0n) {
      const referenced = new Set(refunds.map((r) => (r.receipt ? `${r.receipt.txHash}:${r.receipt.logIndex}` : null)))
      const receipt =
        [...receipts].reverse().find((r) => !referenced.has(`${r.tx_hash}:${r.log_index}`)) ??
        receipts[receipts.length - 1]
      refunds = await ledger.addRefunds(row.id, [
        {
          id: receipt ? `surplus-${receipt.tx_hash}-${receipt.log_index}` : `surplus-${Date.now()}`,
          reason: "surplus",
          fiatAmount: null,
          currencyCode: null,
          tokenAmount: owed.unlisted.toString(),
          token: row.token_symbol,
          chainId: row.chain_id,
          tokenDecimals: row.token_decimals,
          payerAddress: receipt?.from_address ?? null,
          state: "due",
          recordedAt: new Date().toISOString(),
          ...(receipt ? { receipt: { txHash: receipt.tx_hash, logIndex: receipt.log_index } } : {}),
        },
      ])
      refundAdded = true
    }
  }
  if (Object.keys(update).length) await ledger.updateLedgerPayment({ id: row.id, ...update })

  const unannounced = refunds.filter((r) => r.reason === "surplus" && r.state === "due" && !r.announcedAt)
  if (unannounced.length) {
    const surplus = String(update.surplus_amount ?? row.surplus_amount ?? "0")
    const eventBus = container.resolve(Modules.EVENT_BUS)
    // Emitted before it is marked: a crash in between emits it again (at least once), never not at all.
    await eventBus.emit(
      unannounced.map((r) => ({
        name: REFUND_DUE_EVENT,
        data: {
          id: row.id,
          payment_id: row.payment_id,
          payment_session_id: row.payment_session_id,
          refund_id: r.id,
          amount: r.tokenAmount,
          surplus,
          token: r.token,
          token_address: row.token_address,
          token_decimals: r.tokenDecimals,
          chain_id: r.chainId,
          payer_address: r.payerAddress,
        } satisfies RefundDueEventData,
      })),
    )
    await ledger.markRefundsAnnounced(
      row.id,
      unannounced.map((r) => r.id),
    )
  }
  return {
    received: received?.toString() ?? null,
    refundAdded,
    announced: unannounced.length,
  }
}
