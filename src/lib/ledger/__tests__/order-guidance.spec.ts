import { orderGuidanceOf, paymentStateOf, serviceStatusWordsOf } from "../order-guidance"

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
    // A connect payment captured at paid: not the table's per-rail sentence.
    expect(
      orderGuidanceOf({ status: "paid", rail: "connect", captured: true, hasOrder: true, attention: null, policy })
        .summary,
    ).toBe("Yes")
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

describe("paymentStateOf", () => {
  const state = (over: Partial<Parameters<typeof paymentStateOf>[0]>) =>
    paymentStateOf({
      status: "swept",
      rail: "deposit",
      captured: false,
      attention: null,
      policy,
      confirmations: 0,
      confirmationsTarget: 3,
      ...over,
    })

  it("says Captured only once Medusa captured it; before, what it awaits, as Medusa says Awaiting", () => {
    expect(state({ captured: true })).toEqual({ label: "Captured", tone: "green" })
    expect(state({ status: "swept" }).label).toBe("Awaiting capture")
    expect(state({ status: "paid" }).label).toBe("Awaiting settlement")
    expect(state({ status: "paid", rail: "connect" }).label).toBe("Awaiting capture")
    expect(state({ status: "waiting" }).label).toBe("Awaiting payment")
    expect(state({ status: "waiting", inFlight: true }).label).toBe("Transfer seen, confirming")
    expect(state({ status: "swept", attention: "webhook_missing" })).toEqual({
      label: "Awaiting your confirmation",
      tone: "orange",
    })
  })

  it("shows confirmations against their target, never past it", () => {
    expect(state({ status: "confirming", confirmations: 2 }).label).toBe("Confirming, 2 of 3")
    expect(state({ status: "confirming", confirmations: 7 }).label).toBe("Confirming, 3 of 3")
    expect(state({ status: "confirming", confirmations: 2, confirmationsTarget: null }).label).toBe(
      "Confirming, 2 so far",
    )
  })

  it("names why a payment will not capture on its own", () => {
    expect(state({ status: "underpaid" })).toEqual({ label: "Underpaid: your decision", tone: "orange" })
    expect(state({ status: "wrong_token" }).tone).toBe("red")
    expect(state({ status: "expired_paid_late", policy: { acceptLatePayments: false } }).label).toBe(
      "Paid late: your decision",
    )
    expect(state({ captured: true, attention: "order_canceled" }).label).toBe("Order canceled")
  })
})

describe("serviceStatusWordsOf", () => {
  it("says paid on its rail: awaiting the sweep on the deposit rail, in the pool on the connect rail", () => {
    expect(serviceStatusWordsOf("paid", "deposit")).toBe("Paid, not settled yet")
    expect(serviceStatusWordsOf("paid", "connect")).toBe("Paid into your pool")
    expect(serviceStatusWordsOf("swept", "deposit")).toBe("Settled in your pool")
  })
})
