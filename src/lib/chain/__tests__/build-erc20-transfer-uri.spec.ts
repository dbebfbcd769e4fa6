import { buildErc20TransferUri } from "../build-erc20-transfer-uri"
import { parseTokenAmount } from "../parse-token-amount"
import { TokenAmountError } from "../token-amount-error"

// Lower-case on purpose: the URI must carry checksummed addresses.
const usdcBase = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"
const usdcBsc = "0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d"
const forwarder = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"

describe("buildErc20TransferUri", () => {
  it("builds the EIP-681 transfer URI for a 6-decimal token", () => {
    expect(
      buildErc20TransferUri({ token: usdcBase, chainId: 8453, to: forwarder, amount: parseTokenAmount("12.5", 6) }),
    ).toBe(
      "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=12500000",
    )
  })

  it("writes 18-decimal amounts as plain integers, never exponents", () => {
    expect(buildErc20TransferUri({ token: usdcBsc, chainId: 56, to: forwarder, amount: "12500000000000000000" })).toBe(
      "ethereum:0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d@56/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=12500000000000000000",
    )
  })

  it("rejects an amount that is not integer base units", () => {
    expect(() => buildErc20TransferUri({ token: usdcBase, chainId: 8453, to: forwarder, amount: "12.5" })).toThrow(
      TokenAmountError,
    )
    expect(() => buildErc20TransferUri({ token: usdcBase, chainId: 8453, to: forwarder, amount: -1n })).toThrow(
      TokenAmountError,
    )
  })

  it("rejects an invalid address or chain id", () => {
    expect(() => buildErc20TransferUri({ token: "0x1234", chainId: 8453, to: forwarder, amount: 1n })).toThrow(
      /Address "0x1234" is invalid/,
    )
    expect(() => buildErc20TransferUri({ token: usdcBase, chainId: 0, to: forwarder, amount: 1n })).toThrow(
      "Invalid chain id: 0",
    )
  })
})
