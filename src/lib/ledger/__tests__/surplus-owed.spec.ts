import type { LedgerRefund } from "../refunds"
import { surplusOwed as surplusOwedOf } from "../surplus-owed"

/** Amounts as text: jest's workers cannot report a failed bigint comparison. */
const surplusOwed = (p: Parameters<typeof surplusOwedOf>[0]) => {
  const { surplus, listed, unlisted } = surplusOwedOf(p)
  return { surplus: surplus.toString(), listed: listed.toString(), unlisted: unlisted.toString() }
}

const refund = (
  tokenAmount: string,
  reason: LedgerRefund["reason"] = "surplus",
  state: LedgerRefund["state"] = "due",
): LedgerRefund => ({
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
    expect(
      surplusOwed({
        expectedAmount: 27_135_000n,
        confirmedAmount: 27_135_000n,
        receivedAmount: 54_270_000n,
        refunds: [],
      }),
    ).toEqual({
      surplus: "27135000",
      listed: "0",
      unlisted: "27135000",
    })
  })

  it("a surplus the capture already listed is not listed again", () => {
    expect(
      surplusOwed({ expectedAmount: 100n, confirmedAmount: 130n, receivedAmount: 130n, refunds: [refund("30")] })
        .unlisted,
    ).toBe("0")
    expect(
      surplusOwed({
        expectedAmount: 100n,
        confirmedAmount: 130n,
        receivedAmount: 200n,
        refunds: [refund("30", "surplus", "sent")],
      }),
    ).toEqual({ surplus: "100", listed: "30", unlisted: "70" })
  })

  it("the service's amount counts when the scan has not reached the payment yet", () => {
    expect(
      surplusOwed({ expectedAmount: 100n, confirmedAmount: 150n, receivedAmount: null, refunds: [] }).surplus,
    ).toBe("50")
    expect(
      surplusOwed({ expectedAmount: 100n, confirmedAmount: 150n, receivedAmount: 120n, refunds: [] }).surplus,
    ).toBe("50")
  })

  it("merchant refunds are not surplus refunds; exact or short payments owe nothing", () => {
    expect(
      surplusOwed({
        expectedAmount: 100n,
        confirmedAmount: 100n,
        receivedAmount: 160n,
        refunds: [refund("40", "merchant")],
      }).unlisted,
    ).toBe("60")
    expect(surplusOwed({ expectedAmount: 100n, confirmedAmount: 90n, receivedAmount: 90n, refunds: [] })).toEqual({
      surplus: "0",
      listed: "0",
      unlisted: "0",
    })
  })
})
