import { err, ok, type Result } from "../result"
import type { PaymentStatusRecord } from "../service-client/schemas"
import { PollRecordMismatchError } from "./poll-record-mismatch-error"
import { isFinalStatus, statusAction, type Rail, type ServiceStatus, type StatusPolicy } from "../status"

/** What the ledger knows about a payment, in the ledger's own field names. */
export type PolledPayment = {
  rail: Rail
  chain_id: number
  token_symbol: string
  expected_amount: string
  status: ServiceStatus
  confirmed_amount: string | null
  tx_hash: string | null
  confirmations: number
  captured_at: Date | string | null
}

export type PlanPollUpdateParameters = {
  payment: PolledPayment
  record: PaymentStatusRecord
  policy: StatusPolicy
}
export type PlanPollUpdateReturnType = Result<
  {
    /** Hand the record to the confirm workflow: something changed, or the status says capture and it is not captured. */
    observe: boolean
    /** The service will not change the payment any more: polling ends. */
    final: boolean
  },
  PollRecordMismatchError
>
export type PlanPollUpdateErrorType = PollRecordMismatchError

/**
 * Decides what one poll of pool-deposit-status means for a ledger payment. The record must agree
 * with the row on chain, token and expected amount (the trust roots of the quote); a record that
 * does not is refused, fail closed, rather than written over the ledger. Otherwise it is
 * observed when any field the ledger keeps changed, or when its status calls for a capture that
 * has not happened (the confirm workflow then captures or flags, per captureOnReconcile).
 *
 * @example
 * const plan = planPollUpdate({ payment: row, record, policy: options })
 * if (plan.ok && plan.value.observe) await confirm({ ...record, source: "reconcile" })
 */
export function planPollUpdate({ payment, record, policy }: PlanPollUpdateParameters): PlanPollUpdateReturnType {
  const mismatched = [
    record.chainId !== payment.chain_id && "chainId",
    record.token !== payment.token_symbol && "token",
    record.expectedAmount !== payment.expected_amount && "expectedAmount",
  ].filter((field): field is string => field !== false)
  if (mismatched.length) return err(new PollRecordMismatchError(mismatched))

  const changed =
    record.status !== payment.status ||
    record.confirmedAmount !== (payment.confirmed_amount ?? "0") ||
    (record.txHash ?? null) !== payment.tx_hash ||
    record.confirmations !== payment.confirmations
  const capturable = !payment.captured_at && statusAction(record.status, payment.rail, policy) === "capture"
  return ok({ observe: changed || capturable, final: isFinalStatus(record.status, payment.rail) })
}
