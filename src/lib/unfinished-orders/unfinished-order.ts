import type { ServiceStatus } from "../status"

/**
 * Why an order placed awaiting a stablecoin payment may never finish: too little arrived and no
 * top-up came, the payer is on a compliance hold, a token that is not enabled was sent, or the
 * transfer the order was placed on never confirms (docs/operations.md#orders-that-never-finish).
 */
export type UnfinishedOrderKind = "underpaid" | "held_sanctioned" | "wrong_token" | "unconfirmed"

/**
 * The ledger statuses of such a payment. A payment confirmed in full (paid, swept, overpaid,
 * expired_paid_late) is not one: its order waits for a capture the merchant can still give.
 */
const KIND_OF_STATUS: Partial<Record<ServiceStatus, UnfinishedOrderKind>> = {
  underpaid: "underpaid",
  held_sanctioned: "held_sanctioned",
  wrong_token: "wrong_token",
  waiting: "unconfirmed",
  confirming: "unconfirmed",
  expired: "unconfirmed",
}

export const UNFINISHED_ORDER_STATUSES = Object.keys(KIND_OF_STATUS) as ServiceStatus[]

export type UnfinishedOrderFacts = {
  /** The payment's ledger status. */
  status: string
  /** When Medusa placed the order awaiting the payment. */
  orderPlacedAt: Date
  /** When the plugin recorded the last transfer into the payment's address (its newest receipt), null before any. */
  lastTransferAt: Date | null
}

export type UnfinishedOrder = {
  kind: UnfinishedOrderKind
  /** Where the grace is counted from. */
  since: Date
  /** since + the grace: from then on the order is overdue. */
  overdueAt: Date
  overdue: boolean
}

const HOUR_MS = 3_600_000

/**
 * Whether an order awaiting a payment is one that may never finish, since when, and whether its
 * grace is over at `now`. The grace counts from the order's placing; for an underpaid payment from
 * its last transfer when that came later, so a customer topping up is given the whole grace again.
 * Null for a payment that can still finish on its own or be captured by the merchant.
 * @example unfinishedOrderOf({ facts: { status: "underpaid", orderPlacedAt, lastTransferAt }, now, graceHours: 72 })?.overdue
 */
export function unfinishedOrderOf({
  facts,
  now,
  graceHours,
}: {
  facts: UnfinishedOrderFacts
  now: Date
  graceHours: number
}): UnfinishedOrder | null {
  const kind = KIND_OF_STATUS[facts.status as ServiceStatus]
  if (!kind) return null
  const { orderPlacedAt, lastTransferAt } = facts
  const since =
    kind === "underpaid" && lastTransferAt && lastTransferAt > orderPlacedAt ? lastTransferAt : orderPlacedAt
  const overdueAt = new Date(since.getTime() + graceHours * HOUR_MS)
  return { kind, since, overdueAt, overdue: now >= overdueAt }
}

/** A failed cancel of an overdue order is tried again at most this often: Medusa's refusal (a fulfillment exists) rarely changes by itself. */
export const CLOSE_RETRY_HOURS = 24

/** Whether a close that failed at `failedAt` may be tried again at `now`. */
export function mayRetryClose({ failedAt, now }: { failedAt: Date | null; now: Date }): boolean {
  return !failedAt || now.getTime() - failedAt.getTime() >= CLOSE_RETRY_HOURS * HOUR_MS
}
