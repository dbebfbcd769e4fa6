import { buildSession } from "#src/lib/checkout/__tests__/build-session"
import { isStablecoinSession, railOfProvider } from "../plugin-sessions"

const medusaSession = (provider_id: string, data: Record<string, unknown> | null) => ({ provider_id, data })

describe("the plugin's payment sessions", () => {
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
})
