import { orderGuidanceOf } from "../order-guidance"

const policy = { acceptLatePayments: true }

describe("orderGuidanceOf", () => {
  it("nothing is safe to ship before the capture, whatever the status says", () => {
    for (const status of ["confirming", "paid", "swept", "overpaid", "expired_paid_late"] as const) {
      expect(
        orderGuidanceOf({ status, rail: "deposit", captured: false, hasOrder: true, attention: null, policy }),
      ).toMatchObject({ safeToShip: false, summary: expect.stringMatching(/^No, not yet/) })
    }
    expect(
      orderGuidanceOf({ status: "swept", rail: "deposit", captured: true, hasOrder: true, attention: null, policy }),
    ).toEqual({ safeToShip: true, summary: "Yes", options: [] })
  })

  it("an order whose payment never completes stays awaiting with the merchant's options: wait, accept, cancel", () => {
    const underpaid = orderGuidanceOf({
      status: "underpaid",
      rail: "deposit",
      captured: false,
      hasOrder: true,
      attention: null,
      policy,
    })
    expect(underpaid.safeToShip).toBe(false)
    expect(underpaid.options.map((o) => o.split(":")[0])).toEqual([
      "Wait",
      "Accept what arrived",
      "Cancel the order in Medusa",
    ])
    const late = orderGuidanceOf({
      status: "expired_paid_late",
      rail: "deposit",
      captured: false,
      hasOrder: true,
      attention: null,
      policy: { acceptLatePayments: false },
    })
    expect(late.options).toHaveLength(3)
    const held = orderGuidanceOf({
      status: "held_sanctioned",
      rail: "deposit",
      captured: false,
      hasOrder: true,
      attention: null,
      policy,
    })
    expect(held).toMatchObject({ safeToShip: false, summary: expect.stringMatching(/never/) })
    expect(held.options[0]).toMatch(/^Cancel the order/)
    expect(
      orderGuidanceOf({
        status: "wrong_token",
        rail: "deposit",
        captured: false,
        hasOrder: false,
        attention: null,
        policy,
      }).options,
    ).toEqual(["Contact the customer."])
  })

  it("a canceled order ships nothing, captured or not, and its one option is the refund", () => {
    for (const captured of [false, true]) {
      const canceled = orderGuidanceOf({
        status: "swept",
        rail: "deposit",
        captured,
        hasOrder: true,
        attention: "order_canceled",
        policy,
      })
      expect(canceled).toMatchObject({ safeToShip: false, summary: "No, never: the order was canceled." })
      expect(canceled.options).toEqual([expect.stringMatching(/^Send everything received back to the payer/)])
    }
  })

  it("a payment the service reports paid without its webhook waits for the merchant's Confirm", () => {
    const missing = orderGuidanceOf({
      status: "swept",
      rail: "deposit",
      captured: false,
      hasOrder: true,
      attention: "webhook_missing",
      policy,
    })
    expect(missing).toMatchObject({
      safeToShip: false,
      summary: expect.stringMatching(/signed confirmation never came/),
    })
    expect(missing.options[0]).toMatch(/^Confirm payment/)
  })
})
