import { isJustSentPayment, storefrontReadLimit } from "../storefront-read-limit"

describe("storefrontReadLimit", () => {
  it("keeps a third of the budget for pages whose shopper just sent a payment", () => {
    expect(storefrontReadLimit({ perSecond: 6, priority: false })).toBe(4)
    expect(storefrontReadLimit({ perSecond: 6, priority: true })).toBe(6)
    expect(storefrontReadLimit({ perSecond: 2, priority: false })).toBe(2)
    expect(storefrontReadLimit({ perSecond: 1, priority: true })).toBe(1)
  })

  it("never allows more than the budget, and a waiting page never less than one read", () => {
    for (let perSecond = 1; perSecond <= 50; perSecond++) {
      const normal = storefrontReadLimit({ perSecond, priority: false })
      expect(normal).toBeGreaterThanOrEqual(1)
      expect(normal).toBeLessThanOrEqual(perSecond)
      expect(storefrontReadLimit({ perSecond, priority: true })).toBe(perSecond)
    }
  })

  it("refuses a budget that is not a positive whole number", () => {
    expect(() => storefrontReadLimit({ perSecond: 0, priority: false })).toThrow(RangeError)
    expect(() => storefrontReadLimit({ perSecond: 1.5, priority: false })).toThrow(RangeError)
  })
})

describe("isJustSentPayment", () => {
  it("a payment arriving, or a page that says it sent one, goes first; a waiting page does not", () => {
    expect(isJustSentPayment({ phase: "confirming", sentByPage: false })).toBe(true)
    expect(isJustSentPayment({ phase: "detected", sentByPage: false })).toBe(true)
    expect(isJustSentPayment({ phase: "waiting", sentByPage: true })).toBe(true)
    expect(isJustSentPayment({ phase: "waiting", sentByPage: false })).toBe(false)
    expect(isJustSentPayment({ phase: "paid", sentByPage: false })).toBe(false)
  })
})
