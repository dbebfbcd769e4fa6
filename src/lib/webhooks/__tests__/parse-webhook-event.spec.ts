import { isPaymentConfirmedEvent, parseWebhookEvent, WEBHOOK_EVENT_TYPES } from ".."

function buildEvent(overrides: { data?: Record<string, unknown>; [key: string]: unknown } = {}) {
  const { data, ...rest } = overrides
  return {
    id: "evt_01",
    type: WEBHOOK_EVENT_TYPES.paymentConfirmed,
    createdAt: "2025-03-01T12:00:00.123Z",
    ...rest,
    data: {
      paymentId: "pay_01",
      quoteId: "quo_01",
      intentId: "int_01",
      rail: "deposit",
      status: "swept",
      chainId: 8453,
      token: "USDC",
      tokenDecimals: 6,
      expectedAmount: "12500000",
      confirmedAmount: "12500000",
      txHash: `0x${"ab".repeat(32)}`,
      payerAddress: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      ...data,
    },
  }
}

function parseJson(value: unknown) {
  return parseWebhookEvent(JSON.stringify(value))
}

function expectSchemaFailure(value: unknown) {
  const result = parseJson(value)
  if (result.ok) throw new Error("expected parsing to fail")
  expect(result.error.reason).toBe("invalid_schema")
  return result.error
}

describe("parseWebhookEvent", () => {
  it("parses a payment_confirmed event and narrows it", () => {
    const result = parseWebhookEvent(Buffer.from(JSON.stringify(buildEvent())))
    if (!result.ok) throw result.error
    expect(isPaymentConfirmedEvent(result.value)).toBe(true)
    if (!isPaymentConfirmedEvent(result.value)) return
    expect(result.value.data).toMatchObject({ paymentId: "pay_01", rail: "deposit", confirmedAmount: "12500000" })
  })

  it("parses the connect rail without intentId or tokenDecimals, with null txHash and payer", () => {
    const event = buildEvent({ data: { rail: "connect", status: "paid", txHash: null, payerAddress: null } })
    delete (event.data as Record<string, unknown>).intentId
    delete (event.data as Record<string, unknown>).tokenDecimals
    expect(parseJson(event).ok).toBe(true)
    expect(parseJson(buildEvent({ data: { tokenDecimals: null } })).ok).toBe(true)
  })

  it("parses an unknown event type with arbitrary data so the route can record it", () => {
    const result = parseJson({
      id: "evt_9",
      type: "payment_refunded",
      createdAt: "2025-03-01T12:00:00.000Z",
      data: { anything: [1] },
    })
    if (!result.ok) throw result.error
    expect(result.value.type).toBe("payment_refunded")
    expect(isPaymentConfirmedEvent(result.value)).toBe(false)
    expect(result.value.data).toEqual({ anything: [1] })
  })

  it("error: not JSON", () => {
    const result = parseWebhookEvent("{not json")
    if (result.ok) throw new Error("expected failure")
    expect(result.error.reason).toBe("invalid_json")
    expect(result.error.message).toMatch(/not valid JSON/)
  })

  it("error: envelope without id on an unknown type", () => {
    const error = expectSchemaFailure({ type: "other", createdAt: "2025-03-01T12:00:00.000Z" })
    expect(error.paths).toEqual(["id"])
    expect(error.message).toMatch(/event envelope schema at: id/)
  })

  it("error: createdAt without milliseconds", () => {
    expect(expectSchemaFailure(buildEvent({ createdAt: "2025-03-01T12:00:00Z" })).paths).toEqual(["createdAt"])
  })

  it("error: payment_confirmed without data", () => {
    const { data: _data, ...event } = buildEvent()
    expect(expectSchemaFailure(event).paths).toEqual(["data"])
  })

  it.each([
    ["a float amount", { confirmedAmount: "12.5" }, "data.confirmedAmount"],
    ["a numeric amount", { expectedAmount: 12500000 }, "data.expectedAmount"],
    ["an unknown status", { status: "settled" }, "data.status"],
    ["an unknown rail", { rail: "card" }, "data.rail"],
    ["a token address instead of a symbol", { token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }, "data.token"],
    ["a lower-case payer address", { payerAddress: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" }, "data.payerAddress"],
    ["a short tx hash", { txHash: "0xabcd" }, "data.txHash"],
    ["a string chainId", { chainId: "8453" }, "data.chainId"],
    ["fractional tokenDecimals", { tokenDecimals: 6.5 }, "data.tokenDecimals"],
  ])("error: payment_confirmed with %s", (_name, data, path) => {
    const error = expectSchemaFailure(buildEvent({ data }))
    expect(error.paths).toEqual([path])
    expect(error.message).toMatch(new RegExp(`payment_confirmed event schema at: ${path.replace(".", "\\.")}`))
  })
})
