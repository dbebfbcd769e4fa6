import type { Address } from "viem"
import { checkRefundTransfer } from "../check-refund-transfer"
import type { Erc20Transfer } from "../read-erc20-transfers"

const token = "0x1111111111111111111111111111111111111111" as Address
const other = "0x2222222222222222222222222222222222222222" as Address
const payer = "0x3333333333333333333333333333333333333333" as Address
const payout = "0x4444444444444444444444444444444444444444" as Address
const hotWallet = "0x5555555555555555555555555555555555555555" as Address
const expected = { token, senders: [payout.toLowerCase(), hotWallet], to: payer.toLowerCase(), amount: 1_500_000n }
const transfer = (t: Partial<Erc20Transfer>): Erc20Transfer => ({
  token,
  from: payout,
  to: payer,
  value: 1_500_000n,
  ...t,
})

describe("checkRefundTransfer", () => {
  it("accepts one transfer matching token, sender, recipient and amount (addresses in any case)", () => {
    expect(checkRefundTransfer({ transfers: [transfer({ value: 1n, to: other }), transfer({})], expected })).toEqual({
      ok: true,
      transfer: transfer({}),
    })
  })

  it("accepts a configured refund sender besides the payout", () => {
    expect(checkRefundTransfer({ transfers: [transfer({ from: hotWallet })], expected }).ok).toBe(true)
  })

  it("names each field that no transfer matched, from the closest transfer", () => {
    expect(checkRefundTransfer({ transfers: [transfer({ value: 1_499_999n })], expected })).toMatchObject({
      ok: false,
      failed: ["amount"],
    })
    expect(checkRefundTransfer({ transfers: [transfer({ to: other })], expected })).toMatchObject({
      ok: false,
      failed: ["recipient"],
    })
    expect(
      checkRefundTransfer({ transfers: [transfer({ token: other, value: 2n }), transfer({ token: other })], expected }),
    ).toMatchObject({
      ok: false,
      failed: ["token"],
      closest: transfer({ token: other }),
    })
  })

  it("error: a transfer to the payer from anyone but the merchant is not the refund", () => {
    expect(checkRefundTransfer({ transfers: [transfer({ from: payer })], expected })).toMatchObject({
      ok: false,
      failed: ["sender"],
    })
    expect(
      checkRefundTransfer({ transfers: [transfer({ from: other })], expected: { ...expected, senders: [] } }),
    ).toMatchObject({ ok: false, failed: ["sender"] })
  })

  it("fields matched by different transfers do not add up to a refund", () => {
    const split = [transfer({ to: other }), transfer({ value: 7n })]
    expect(checkRefundTransfer({ transfers: split, expected }).ok).toBe(false)
    expect(checkRefundTransfer({ transfers: [transfer({ from: other }), transfer({ to: other })], expected }).ok).toBe(
      false,
    )
  })

  it("a transaction without transfers fails every check", () => {
    expect(checkRefundTransfer({ transfers: [], expected })).toEqual({
      ok: false,
      failed: ["token", "sender", "recipient", "amount"],
      closest: null,
    })
  })
})
