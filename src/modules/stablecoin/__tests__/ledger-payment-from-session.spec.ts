import { buildSession } from "#src/lib/checkout/__tests__/build-session"
import { isStablecoinSession, ledgerPaymentFromSession, railOfProvider } from "../ledger-payment-from-session"

const medusaSession = (provider_id: string, data: Record<string, unknown> | null) => ({
  id: "payses_1",
  provider_id,
  amount: "25",
  currency_code: "eur",
  data,
  payment_collection_id: "pay_col_1",
  created_at: new Date(),
})

describe("the ledger row of a payment session", () => {
  it("knows this plugin's providers by their registered ids, and no other provider's", () => {
    expect(railOfProvider("pp_stablecoin-connect_stablecoin")).toBe("connect")
    expect(railOfProvider("pp_stablecoin-deposit_x")).toBe("deposit")
    expect(railOfProvider("pp_system_default")).toBeNull()
    expect(railOfProvider("pp_stripe_stablecoin-deposit_x")).toBeNull()
  })

  it("counts a session as the plugin's only when it carries a service payment", () => {
    expect(isStablecoinSession(medusaSession("pp_stablecoin-deposit_x", buildSession().data))).toBe(true)
    expect(isStablecoinSession(medusaSession("pp_stablecoin-deposit_x", {}))).toBe(false)
    expect(isStablecoinSession(medusaSession("pp_system_default", buildSession().data))).toBe(false)
  })

  it("takes the rail from the provider, the rail's own fields only for that rail, and never a payer", () => {
    const connect = ledgerPaymentFromSession(medusaSession("pp_stablecoin-connect_x", buildSession({ rail: "connect" }).data), null)
    const deposit = ledgerPaymentFromSession(medusaSession("pp_stablecoin-deposit_x", buildSession({ rail: "deposit", amount: "100" }).data), null)
    expect([connect.rail, connect.intent_id, connect.payer_address]).toEqual(["connect", null, null])
    expect([deposit.rail, deposit.intent_id, deposit.expected_amount, deposit.token_decimals]).toEqual(["deposit", "int_1", "100", 6])
  })
})
