/** One field where an observation contradicts the ledger: both values, as text. */
export type MismatchedField = { field: string; expected: string; actual: string }

/** The contradiction recorded on a ledger row (`mismatch` column) when a capture was refused. */
export type LedgerMismatch = {
  source: "webhook" | "reconcile" | "merchant" | "refresh"
  /** The webhook event id, when the observation was one. */
  eventId: string | null
  at: string
  fields: MismatchedField[]
}
