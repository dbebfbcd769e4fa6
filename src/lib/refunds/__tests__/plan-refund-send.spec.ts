import type { Address } from "viem"
import { planRefundSend, type PlanRefundSendParameters } from "../plan-refund-send"
import { refundDestinationOf, withRefundAddress } from "../refund-destination-of"

const payout = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address
const hotWallet = "0x90F79bf6EB2c4F870365E785982E1f101E93b906" as Address
const stranger = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65" as Address
const pool = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address
const destination = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as Address

/** A plan against fixed balances; `reads` lists whose balance was read, in order. */
function buildPlan(balances: Record<string, bigint>, overrides: Partial<PlanRefundSendParameters> = {}) {
  const reads: string[] = []
  const balanceOf = async (holder: Address) => {
    reads.push(holder)
    return balances[holder] ?? 0n
  }
  return {
    reads,
    plan: planRefundSend({
      sender: payout,
      payout,
      refundSenders: [hotWallet],
      pool,
      token,
      destination,
      amount: 5_427_000n,
      balanceOf,
      ...overrides,
    }),
  }
}

describe("planRefundSend", () => {
  it("a payout holding the amount sends the transfer alone, and the pool is not read", async () => {
    const { plan, reads } = buildPlan({ [payout]: 5_427_000n })
    const result = await plan
    expect(result).toMatchObject({ ok: true, senderBalance: 5_427_000n })
    if (!result.ok) throw new Error("refused")
    expect(result.calls.map((c) => [c.address, c.functionName, c.args])).toEqual([
      [token, "transfer", [destination, 5_427_000n]],
    ])
    expect(reads).toEqual([payout])
  })

  it("a payout holding too little withdraws the whole amount from the pool first, then transfers it", async () => {
    const result = await buildPlan({ [payout]: 1n, [pool]: 9_000_000n }).plan
    if (!result.ok) throw new Error("refused")
    expect(result.calls.map((c) => [c.address, c.functionName, c.args])).toEqual([
      [pool, "withdraw", [token, 5_427_000n]],
      [token, "transfer", [destination, 5_427_000n]],
    ])
  })

  it("the payout is recognised whatever the case of its letters", async () => {
    const result = await buildPlan({ [payout.toLowerCase()]: 5_427_000n }, { sender: payout.toLowerCase() as Address })
      .plan
    expect(result.ok).toBe(true)
  })

  it("a wallet that is neither the payout nor a refund sender is refused before any read", async () => {
    const { plan, reads } = buildPlan({ [stranger]: 10n ** 30n }, { sender: stranger })
    expect(await plan).toEqual({ ok: false, refusal: { code: "not_a_refund_sender", sender: stranger } })
    expect(reads).toEqual([])
  })

  it("a configured refund sender holding the amount sends the transfer", async () => {
    const result = await buildPlan({ [hotWallet]: 6_000_000n }, { sender: hotWallet }).plan
    if (!result.ok) throw new Error("refused")
    expect(result.calls.map((c) => c.functionName)).toEqual(["transfer"])
  })

  it("a refund sender holding too little is refused: only the payout may withdraw from the pool", async () => {
    const { plan, reads } = buildPlan({ [hotWallet]: 5_426_999n, [pool]: 10n ** 12n }, { sender: hotWallet })
    expect(await plan).toEqual({
      ok: false,
      refusal: { code: "sender_holds_too_little", sender: hotWallet, senderBalance: 5_426_999n },
    })
    expect(reads).toEqual([hotWallet])
  })

  it("a pool holding less than the amount is refused with both balances", async () => {
    expect(await buildPlan({ [payout]: 2n, [pool]: 5_426_999n }).plan).toEqual({
      ok: false,
      refusal: { code: "pool_holds_too_little", senderBalance: 2n, poolBalance: 5_426_999n },
    })
  })

  it("18 decimals: amounts stay exact bigints", async () => {
    const amount = 123_456_789_012_345_678_901n
    const result = await buildPlan({ [payout]: amount - 1n, [pool]: amount }, { amount }).plan
    if (!result.ok) throw new Error("refused")
    expect(result.calls.map((c) => c.args[1])).toEqual([amount, amount])
  })

  it("a refund of nothing sends nothing", async () => {
    expect(await buildPlan({}, { amount: 0n }).plan).toEqual({ ok: false, refusal: { code: "nothing_to_send" } })
  })
})

describe("refundDestinationOf", () => {
  it("is the payer the ledger names", () => {
    expect(refundDestinationOf({ payerAddress: destination })).toBe(destination)
    expect(refundDestinationOf({ payerAddress: null })).toBeNull()
  })

  it("is the refund address the shopper gave, before the payer", () => {
    const given = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    expect(refundDestinationOf({ payerAddress: destination, destination: given })).toBe(given)
  })

  it("a refund listed takes the payment's refund address, unless it names one already", () => {
    const given = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    const listed: { id: string; destination?: string } = { id: "r1" }
    expect(withRefundAddress(listed, given)).toEqual({ id: "r1", destination: given })
    expect(withRefundAddress({ ...listed, destination }, given)).toEqual({ id: "r1", destination })
    expect(withRefundAddress(listed, null)).toEqual({ id: "r1" })
  })
})
