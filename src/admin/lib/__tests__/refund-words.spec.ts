import { refundRefusalWords, TX_HASH_PATTERN } from "../refund-words"

const ctx = {
  amount: "5.427",
  symbol: "USDC",
  tokenAddress: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  chainName: "Base",
  payout: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  destination: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
}
const noJargon = (text: string) => expect(text).not.toMatch(/tx_hash|base units|scpay_|[0-9a-f]{8}-[0-9a-f]{4}-/)

describe("refundRefusalWords", () => {
  it("names each check that failed with the amount and symbol, and the payout by name", () => {
    const words = refundRefusalWords(
      {
        code: "transfer_mismatch",
        failed: ["sender", "amount"],
        message: "tx_hash 0xabc is not this refund: amount (expected 5427000 base units)",
      },
      ctx,
    )
    expect(words).toBe(
      "This transaction is not this refund: the sender (it must be your payout address 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 or a configured refund sender), the amount (it must be exactly 5.427 USDC) did not match. Give the hash of the transfer that sent exactly 5.427 USDC on Base.",
    )
    noJargon(words)
  })

  it("words every code of the chain check without the API's field names", () => {
    for (const code of ["tx_not_found", "tx_reverted", "sent_before_recorded", "chain_unavailable"]) {
      const words = refundRefusalWords({ code, message: `tx_hash 0x${"a".repeat(64)} …` }, ctx)
      expect(words).not.toMatch(/^The refund could not be recorded/)
      noJargon(words)
    }
    expect(refundRefusalWords({ code: "tx_not_found" }, ctx)).toContain("was not found on Base")
  })

  it("a hash already used, for this refund or another, is said without the refund's internal id", () => {
    const id = "4f1c2a7e-1b2c-4d5e-8f90-0123456789ab"
    const other = refundRefusalWords(
      {
        message: `tx_hash: transaction 0x${"b".repeat(64)} is already recorded for refund ${id} of stablecoin payment scpay_1; one transaction settles one refund.`,
      },
      ctx,
    )
    expect(other).toBe(
      "This transaction already settles another refund, and one transaction settles one refund. Give the hash of the transfer sent for this one.",
    )
    expect(
      refundRefusalWords({ message: `tx_hash: refund ${id} is already recorded as sent in transaction 0x…` }, ctx),
    ).toBe("This refund is already recorded as sent.")
  })

  it("a hash is 0x and 64 hexadecimal characters", () => {
    expect(TX_HASH_PATTERN.test(`0x${"Ab".repeat(32)}`)).toBe(true)
    expect(TX_HASH_PATTERN.test(`0x${"a".repeat(63)}`)).toBe(false)
    expect(TX_HASH_PATTERN.test(`${"a".repeat(64)}`)).toBe(false)
  })
})
