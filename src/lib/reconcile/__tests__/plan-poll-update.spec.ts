import type { PaymentStatusRecord } from "../../service-client/schemas"
import { planPollUpdate, type PolledPayment } from "../plan-poll-update"

const policy = { acceptLatePayments: true }

function buildPayment(overrides: Partial<PolledPayment> = {}): PolledPayment {
  return {
    rail: "deposit",
    chain_id: 8453,
    token_symbol: "USDC",
    expected_amount: "27500000",
    status: "waiting",
    confirmed_amount: null,
    tx_hash: null,
    confirmations: 0,
    captured_at: null,
    ...overrides,
  }
}

function buildRecord(overrides: Partial<PaymentStatusRecord> = {}): PaymentStatusRecord {
  return {
    id: "int_1",
    status: "waiting",
    expectedAmount: "27500000",
    confirmedAmount: "0",
    token: "USDC",
    chainId: 8453,
    txHash: null,
    confirmations: 0,
    expiresAt: "2026-01-01T00:15:00.000Z",
    ...overrides,
  }
}

const tx = `0x${"ab".repeat(32)}` as const

describe("planPollUpdate", () => {
  it("nothing new: not observed, not final", () => {
    expect(planPollUpdate({ payment: buildPayment(), record: buildRecord(), policy })).toEqual({ ok: true, value: { observe: false, final: false } })
  })

  it("a new status, amount, tx or confirmation count is observed", () => {
    const seen = { status: "confirming", confirmedAmount: "27500000", txHash: tx, confirmations: 1 } as const
    const payment = buildPayment({ status: "confirming", confirmed_amount: "27500000", tx_hash: tx, confirmations: 1 })
    expect(planPollUpdate({ payment, record: buildRecord(seen), policy })).toMatchObject({ ok: true, value: { observe: false } })
    for (const change of [{ status: "paid" }, { confirmedAmount: "1" }, { txHash: `0x${"cd".repeat(32)}` as const }, { confirmations: 2 }] as const) {
      expect(planPollUpdate({ payment, record: buildRecord({ ...seen, ...change }), policy })).toMatchObject({ ok: true, value: { observe: true } })
    }
  })

  it("swept and not captured is observed even when the ledger already says swept", () => {
    const payment = buildPayment({ status: "swept", confirmed_amount: "27500000", tx_hash: tx, confirmations: 3 })
    const record = buildRecord({ status: "swept", confirmedAmount: "27500000", txHash: tx, confirmations: 3 })
    expect(planPollUpdate({ payment, record, policy })).toEqual({ ok: true, value: { observe: true, final: true } })
    expect(planPollUpdate({ payment: { ...payment, captured_at: new Date() }, record, policy })).toEqual({ ok: true, value: { observe: false, final: true } })
  })

  it("paid is final on the connect rail only", () => {
    const record = buildRecord({ status: "paid", confirmedAmount: "27500000", txHash: tx })
    expect(planPollUpdate({ payment: buildPayment({ rail: "connect" }), record, policy })).toMatchObject({ ok: true, value: { final: true } })
    expect(planPollUpdate({ payment: buildPayment(), record, policy })).toMatchObject({ ok: true, value: { final: false } })
  })

  it("a record for another chain, token or amount is refused", () => {
    const result = planPollUpdate({ payment: buildPayment(), record: buildRecord({ chainId: 1, token: "USDT", expectedAmount: "1" }), policy })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe("poll_record_mismatch")
    expect(result.error.message).toMatchInlineSnapshot(`
      "The service's status record does not match the ledger payment; it was not applied.
      Fields: chainId, token, expectedAmount"
    `)
  })
})
