import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_STATUSES } from "../../lib/service-client/payment-status"
import { isFinalStatus, type Rail } from "../../lib/status"
import type { PolledPayment } from "../../lib/reconcile"
import { STABLECOIN_MODULE } from "../../modules/stablecoin"
import type StablecoinModuleService from "../../modules/stablecoin/service"

export const selectDuePaymentsStepId = "select-due-payments-step"

export type SelectDuePaymentsStepInput = {
  /** ISO timestamp: payments with next_poll_at at or before it are due. */
  now: string
  /** Most payments selected; default the option reconcile.batchSize. */
  batchSize?: number
}

/** A ledger payment due for a poll, as the poll step needs it (dates as ISO strings). */
export type DuePayment = PolledPayment & {
  id: string
  payment_id: string
  intent_id: string | null
  poll_attempts: number
  created_at: string
}

const notFinal = (rail: Rail) => ({ rail, status: { $nin: PAYMENT_STATUSES.filter((status) => isFinalStatus(status, rail)) } })

/**
 * This step selects the payments the reconcile run polls: not captured, status not final for
 * their rail, polling not stopped, next_poll_at due; the longest overdue first, at most a batch.
 * A payment never polled before keeps the next_poll_at its ledger row was created with.
 */
export const selectDuePaymentsStep = createStep(selectDuePaymentsStepId, async ({ now, batchSize }: SelectDuePaymentsStepInput, { container }) => {
  const ledger = container.resolve<StablecoinModuleService>(STABLECOIN_MODULE)
  const rows = await ledger.listStablecoinPayments(
    {
      captured_at: null,
      polling_stopped_reason: null,
      next_poll_at: { $lte: new Date(now) },
      $or: [notFinal("deposit"), notFinal("connect")],
    },
    { order: { next_poll_at: "ASC" }, take: batchSize ?? ledger.options.reconcile.batchSize }
  )
  const due: DuePayment[] = rows.map((row) => ({
    id: row.id,
    payment_id: row.payment_id,
    intent_id: row.intent_id,
    rail: row.rail as Rail,
    chain_id: row.chain_id,
    token_symbol: row.token_symbol,
    expected_amount: row.expected_amount,
    status: row.status as DuePayment["status"],
    confirmed_amount: row.confirmed_amount,
    tx_hash: row.tx_hash,
    confirmations: row.confirmations,
    captured_at: null,
    poll_attempts: row.poll_attempts,
    created_at: new Date(row.created_at).toISOString(),
  }))
  // No compensation: selecting changes nothing.
  return new StepResponse(due)
})
