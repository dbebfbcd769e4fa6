import type { LedgerRefund } from "../refunds"
import { surplusOwed } from "../surplus-owed"

const refund = (tokenAmount: string, reason: LedgerRefund["reason"] = "surplus", state: LedgerRefund["state"] = "due"): LedgerRefund => ({
  id: `r-${tokenAmount}-${reason}`,
  reason,
  fiatAmount: null,
  currencyCode: null,
  tokenAmount,
  token: "USDC",
  chainId: 8453,
  tokenDecimals: 6,
  payerAddress: null,
  state,
  recordedAt: "2026-01-01T00:00:00.000Z",
})

describe("surplusOwed", () => {
  it("a second payment found on the chain: all of it is owed", () => {
    expect(surplusOwed({ expectedAmount: 27_135_000n, confirmedAmount: 27_135_000n, receivedAmount: 54_270_000n, refunds: [] })).toEqual({
      surplus: 27_135_000n,
      listed: 0n,
      unlisted: 27_135_000n,
    })
  })

  it("a surplus the capture already listed is not listed again", () => {
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 130n, receivedAmount: 130n, refunds: [refund("30")] }).unlisted).toBe(0n)
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 130n, receivedAmount: 200n, refunds: [refund("30", "surplus", "sent")] })).toEqual({ surplus: 100n, listed: 30n, unlisted: 70n })
  })

  it("the service's amount counts when the scan has not reached the payment yet", () => {
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 150n, receivedAmount: null, refunds: [] }).surplus).toBe(50n)
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 150n, receivedAmount: 120n, refunds: [] }).surplus).toBe(50n)
  })

  it("merchant refunds are not surplus refunds; exact or short payments owe nothing", () => {
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 100n, receivedAmount: 160n, refunds: [refund("40", "merchant")] }).unlisted).toBe(60n)
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 90n, receivedAmount: 90n, refunds: [] })).toEqual({ surplus: 0n, listed: 0n, unlisted: 0n })
  })
})
