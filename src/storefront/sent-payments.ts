/// <reference lib="dom" />

/** What this browser did for one payment: a wallet request under way, and the transactions it sent. */
export type SentPaymentRecord = {
  /** Set from the click on Pay until the wallet refused or a transaction hash came back (epoch ms). */
  pendingSince: number | null
  sent: Array<{ txHash: string; baseUnits: string; at: number }>
}

/** A wallet request left open by a closed tab blocks Pay this long (the prompt may still be open in the wallet). */
export const PENDING_WALLET_REQUEST_MS = 10 * 60 * 1000

const KEY_PREFIX = "medusa-payment-stablecoin:sent:"
const EMPTY: SentPaymentRecord = { pendingSince: null, sent: [] }

export type SentPayments = ReturnType<typeof createSentPayments>

/**
 * The per-payment record of what this browser sent, in localStorage so a reload, the Back button
 * or a second tab of the same store sees it. Reads and writes are synchronous,
 * so a click checks and claims the payment with no await in between. Without storage (private
 * mode, a test) it keeps the record in memory for this page.
 * @example const sent = createSentPayments(window.localStorage); sent.claim(paymentId, Date.now())
 */
export function createSentPayments(
  storage: Pick<Storage, "getItem" | "setItem"> | null = globalThis.localStorage ?? null,
) {
  const memory = new Map<string, SentPaymentRecord>()
  const read = (paymentId: string): SentPaymentRecord => {
    try {
      const raw = storage?.getItem(KEY_PREFIX + paymentId)
      if (raw) return { ...EMPTY, ...(JSON.parse(raw) as SentPaymentRecord) }
    } catch {
      // Unreadable storage: fall back to this page's memory.
    }
    return memory.get(paymentId) ?? EMPTY
  }
  const write = (paymentId: string, record: SentPaymentRecord) => {
    memory.set(paymentId, record)
    try {
      storage?.setItem(KEY_PREFIX + paymentId, JSON.stringify(record))
    } catch {
      // Quota or private mode: this page still remembers.
    }
  }
  return {
    read,
    /** Claims the payment for one wallet request; false when another request (this tab or another) holds it. */
    claim(paymentId: string, now: number): boolean {
      const record = read(paymentId)
      if (record.pendingSince !== null && now - record.pendingSince < PENDING_WALLET_REQUEST_MS) return false
      write(paymentId, { ...record, pendingSince: now })
      return true
    },
    /** The wallet gave a transaction hash: the payment is sent from this browser, whatever happens next. */
    recordSent(paymentId: string, txHash: string, baseUnits: bigint, now: number) {
      const record = read(paymentId)
      write(paymentId, {
        pendingSince: null,
        sent: [...record.sent.filter((s) => s.txHash !== txHash), { txHash, baseUnits: baseUnits.toString(), at: now }],
      })
    },
    /** The wallet refused (nothing sent), or a sent transaction reverted (nothing paid): Pay may be offered again. */
    release(paymentId: string, revertedTxHash?: string) {
      const record = read(paymentId)
      write(paymentId, { pendingSince: null, sent: record.sent.filter((s) => s.txHash !== revertedTxHash) })
    },
  }
}
