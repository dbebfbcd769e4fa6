import { messagesFor } from "../../messages/messages-for"
import { createFormatters } from "../create-formatters"

describe("createFormatters", () => {
  it("token amounts exactly, in the locale's digits, 18 decimals included", () => {
    expect(createFormatters("en-US").token("1234.135", "USDC", 6)).toBe("1,234.135 USDC")
    expect(createFormatters("de-DE").token("1234.135", "USDC", 6)).toBe("1.234,135 USDC")
    expect(createFormatters("de-DE").token("0.000000000000000001", "EURC", 18)).toBe("0,000000000000000001 EURC")
  })
  it("fiat, rate digits and the countdown", () => {
    expect(createFormatters("de-DE").fiat(25, "EUR")).toBe("25,00\u00a0€")
    expect(createFormatters("en-US").fiat("0.921319", "EUR", 4)).toBe("€0.9213")
    expect(createFormatters("en").countdown(14 * 60 + 5)).toBe("14:05")
    expect(createFormatters("en").countdown(3 * 3600 + 61)).toBe("3:01:01")
    expect(createFormatters("en").countdown(-3)).toBe("0:00")
  })
})

describe("messagesFor", () => {
  it("German for de-AT, English for an unknown language, overrides per sentence", () => {
    expect(messagesFor("de-AT").choice.submit).toBe("Weiter")
    expect(messagesFor("fr").choice.submit).toBe("Continue")
    const custom = messagesFor("de", { status: { paid: "Bezahlt." } })
    expect(custom.status.paid).toBe("Bezahlt.")
    expect(custom.status.held).toBe(messagesFor("de").status.held)
  })
  it("no developer term in any shipped sentence", () => {
    const words = /\b(pool|allowance|forwarder|payment reference|intent|block|Block)\b/
    for (const locale of ["en", "de"]) {
      const texts: string[] = []
      const walk = (value: unknown) => {
        if (typeof value === "string") texts.push(value)
        else if (typeof value === "function")
          texts.push(
            String(
              value({
                rail: "deposit",
                amount: "1 USDC",
                network: "Base",
                confirmations: 2,
                received: "1",
                remaining: "1",
                surplus: "1",
                token: "USDC",
                fiat: "1 €",
                what: "x",
                address: "0x",
                wallet: "W",
                refunded: false,
              }),
            ),
          )
        else if (value && typeof value === "object") Object.values(value).forEach(walk)
      }
      walk(messagesFor(locale))
      expect(texts.filter((t) => words.test(t))).toEqual([])
    }
  })
})
