import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  TransactionExecutionError,
  UserRejectedRequestError,
  type Hex,
} from "viem"
import { batchesAtomically, batchOutcome, declinedAtomicBatch } from "../atomic-batching"

describe("batchesAtomically", () => {
  it("supported or ready for the payment's chain", () => {
    expect(batchesAtomically({ 8453: { atomic: { status: "supported" } } }, 8453)).toBe(true)
    expect(batchesAtomically({ 8453: { atomic: { status: "ready" } } }, 8453)).toBe(true)
  })
  it("not when unsupported, absent, or only on another chain", () => {
    expect(batchesAtomically({ 8453: { atomic: { status: "unsupported" } } }, 8453)).toBe(false)
    expect(batchesAtomically({ 8453: {} }, 8453)).toBe(false)
    expect(batchesAtomically({ 56: { atomic: { status: "supported" } } }, 8453)).toBe(false)
    expect(batchesAtomically({}, 8453)).toBe(false)
  })
  it("the all-chains entry (0x0) counts unless the chain's own entry says otherwise", () => {
    expect(batchesAtomically({ 0: { atomic: { status: "supported" } } }, 8453)).toBe(true)
    expect(
      batchesAtomically({ 0: { atomic: { status: "supported" } }, 8453: { atomic: { status: "unsupported" } } }, 8453),
    ).toBe(false)
  })
})

describe("batchOutcome", () => {
  const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex
  it("paid with the last receipt's hash (the deposit) when included without a revert", () => {
    const receipts = [1, 2, 3].map((n) => ({ status: "success" as const, transactionHash: hash(n) }))
    expect(batchOutcome({ statusCode: 200, receipts })).toEqual({ paid: true, txHash: hash(3) })
    expect(batchOutcome({ statusCode: 200, receipts: [{ status: "success", transactionHash: hash(7) }] })).toEqual({
      paid: true,
      txHash: hash(7),
    })
  })
  it("not paid when reverted (500, 600, a reverted receipt), failed off-chain (400) or without receipts", () => {
    const reverted = [{ status: "reverted" as const, transactionHash: hash(1) }]
    expect(batchOutcome({ statusCode: 500, receipts: reverted })).toEqual({ paid: false, txHash: hash(1) })
    expect(
      batchOutcome({ statusCode: 600, receipts: [{ status: "success", transactionHash: hash(1) }, ...reverted] }),
    ).toMatchObject({ paid: false })
    expect(batchOutcome({ statusCode: 200, receipts: reverted })).toMatchObject({ paid: false })
    expect(batchOutcome({ statusCode: 400 })).toEqual({ paid: false, txHash: null })
    expect(batchOutcome({ statusCode: 200, receipts: [] })).toEqual({ paid: false, txHash: null })
  })
})

describe("declinedAtomicBatch", () => {
  // As viem's sendCalls throws them: the wallet's error inside a TransactionExecutionError.
  const thrown = (cause: Error) => new TransactionExecutionError(cause as never, {} as never)
  it("a declined upgrade (5750) or refused atomicity (5760): the separate transactions can still pay", () => {
    expect(declinedAtomicBatch(thrown(new AtomicReadyWalletRejectedUpgradeError(new Error("no upgrade"))))).toBe(true)
    expect(declinedAtomicBatch(thrown(new AtomicityNotSupportedError(new Error("not atomic"))))).toBe(true)
  })
  it("not a rejected request (4001) or anything else", () => {
    expect(declinedAtomicBatch(thrown(new UserRejectedRequestError(new Error("rejected"))))).toBe(false)
    expect(declinedAtomicBatch(new Error("network"))).toBe(false)
  })
})
