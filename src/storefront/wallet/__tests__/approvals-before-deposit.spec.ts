import { approvalsBeforeDeposit } from "../approvals-before-deposit"

/** A token's approve rule as the node would answer it, recording what was asked. */
function token(rule: (current: bigint, next: bigint) => boolean, current: bigint) {
  const asked: bigint[] = []
  return { asked, approves: async (value: bigint) => (asked.push(value), rule(current, value)) }
}
const anyValue = () => true
/** USDT on Ethereum mainnet: a non-zero allowance changes only through zero. */
const zeroFirst = (current: bigint, next: bigint) => current === 0n || next === 0n
const refusesAll = () => false

describe("approvalsBeforeDeposit", () => {
  it("none while the allowance covers the amount, without asking the node", async () => {
    const t = token(refusesAll, 10n)
    expect(await approvalsBeforeDeposit({ allowance: 10n, amount: 10n, approves: t.approves })).toEqual([])
    expect(t.asked).toEqual([])
  })

  it("the amount alone when the token takes it", async () => {
    expect(await approvalsBeforeDeposit({ allowance: 0n, amount: 9n, approves: token(anyValue, 0n).approves })).toEqual(
      [9n],
    )
    expect(await approvalsBeforeDeposit({ allowance: 4n, amount: 9n, approves: token(anyValue, 4n).approves })).toEqual(
      [9n],
    )
  })

  it("zero first, then the amount, for a zero-first token with a leftover allowance", async () => {
    const t = token(zeroFirst, 4n)
    expect(await approvalsBeforeDeposit({ allowance: 4n, amount: 9n, approves: t.approves })).toEqual([0n, 9n])
    expect(t.asked).toEqual([9n, 0n])
  })

  it("a zero-first token from a zero allowance needs no reset", async () => {
    expect(
      await approvalsBeforeDeposit({ allowance: 0n, amount: 9n, approves: token(zeroFirst, 0n).approves }),
    ).toEqual([9n])
  })

  it("null when the token refuses the amount and the reset (and no reset is tried from zero)", async () => {
    const leftover = token(refusesAll, 4n)
    expect(await approvalsBeforeDeposit({ allowance: 4n, amount: 9n, approves: leftover.approves })).toBeNull()
    expect(leftover.asked).toEqual([9n, 0n])
    const fresh = token(refusesAll, 0n)
    expect(await approvalsBeforeDeposit({ allowance: 0n, amount: 9n, approves: fresh.approves })).toBeNull()
    expect(fresh.asked).toEqual([9n])
  })
})
