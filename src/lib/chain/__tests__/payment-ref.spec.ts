import { keccak256, toHex } from "viem"
import { computePaymentRef } from "../compute-payment-ref"
import { deriveForwarderAddress } from "../derive-forwarder-address"

describe("computePaymentRef", () => {
  it("is keccak256 of the UTF-8 bytes of the payment id", () => {
    expect(computePaymentRef("")).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
    expect(computePaymentRef("pay_€1")).toBe(keccak256(new Uint8Array([...Buffer.from("pay_€1", "utf8")])))
    expect(computePaymentRef("pay_1")).not.toBe(computePaymentRef("pay_2"))
  })
})

describe("deriveForwarderAddress", () => {
  // EIP-1014's example 1: deployer 0x0, salt 0x0, init code 0x00.
  it("computes the CREATE2 address", () => {
    expect(
      deriveForwarderAddress({
        pool: "0x0000000000000000000000000000000000000000",
        paymentRef: toHex(0n, { size: 32 }),
        forwarderInitCodeHash: keccak256("0x00"),
      }),
    ).toBe("0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38")
  })
})
