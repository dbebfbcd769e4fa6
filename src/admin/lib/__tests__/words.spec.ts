import { confirmationsWords, eventTypeWords, lastCheckWords, outcomeWords } from "../words"

describe("confirmationsWords", () => {
  it("shows the count against its target while confirming, and enough past confirming, never confirmed", () => {
    expect(confirmationsWords({ status: "confirming", confirmations: 1, target: 3 })).toBe("1 of 3")
    expect(confirmationsWords({ status: "confirming", confirmations: 4, target: 3 })).toBe(
      "3 of 3; the service has not confirmed it yet",
    )
    expect(confirmationsWords({ status: "swept", confirmations: 8, target: 3 })).toBe(
      "Enough: 8 confirmations, 3 needed",
    )
    expect(confirmationsWords({ status: "waiting", confirmations: 0, target: 3 })).toBe("None: nothing received yet")
  })

  it("without a configured target says so rather than inventing one", () => {
    expect(confirmationsWords({ status: "confirming", confirmations: 2, target: null })).toMatch(/^2 so far/)
    expect(confirmationsWords({ status: "paid", confirmations: 1, target: null })).toBe("Enough: 1 confirmation")
  })
})

describe("lastCheckWords", () => {
  const time = (iso: string) => `at ${iso.slice(11, 19)}`
  const at = "2026-11-28T19:13:46.000Z"
  it("a Refresh pressed here is named as such; any other on-demand read is the background's", () => {
    expect(lastCheckWords({ at, by: "on_demand" }, at, time)).toBe("at 19:13:46, by your Refresh")
    expect(lastCheckWords({ at, by: "on_demand" }, null, time)).toMatch(
      /^at 19:13:46, in the background \(Medusa's Check status/,
    )
    expect(lastCheckWords({ at, by: "reconcile" }, at, time)).toBe("at 19:13:46, by the reconcile job")
    expect(lastCheckWords(null, null, time)).toBe("Not asked yet")
  })
})

describe("codes in words", () => {
  it("known codes read as words and unknown ones stay as they are", () => {
    expect(eventTypeWords("payment_confirmed")).toBe("Payment confirmed")
    expect(eventTypeWords("something_new")).toBe("something_new")
    expect(outcomeWords("captured")).toBe("Captured")
    expect(outcomeWords("database unavailable")).toBe("database unavailable")
  })
})
