import { getAddress, keccak256, toHex } from "viem"
import { err, ok } from "../../result"
import { ChainReadError } from "../chain-read-error"
import { computePaymentRef } from "../compute-payment-ref"
import type { MerchantFactsReader } from "../create-merchant-facts-reader"
import { createTokenRegistry } from "../create-token-registry"
import { deriveForwarderAddress } from "../derive-forwarder-address"
import type { MerchantFacts } from "../read-merchant-facts"
import type { ChainConfig, DepositIntent, Quote } from "../types"
import { verifyDepositIntent } from "../verify-deposit-intent"
import { expectVerificationFailure } from "./expect-verification-failure"

const chain: ChainConfig = {
  chainId: 8453,
  rpcUrl: "http://127.0.0.1:1",
  factory: getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3"),
  payout: getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8"),
  tokens: { USDC: { address: getAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"), decimals: 6 } },
}
const pool = getAddress("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512")
const initCodeHash = keccak256(toHex("forwarder"))
const facts: MerchantFacts = {
  chainId: 8453,
  blockNumber: "42",
  pool,
  poolReadAt: pool,
  poolHasCode: true,
  poolPayout: chain.payout,
  forwarderInitCodeHash: initCodeHash,
  tokenDecimals: { USDC: 6 },
}
const quote: Quote = { paymentId: "pay_1", chainId: 8453, token: "USDC", stablecoinAmount: "12500000" }
const intent: DepositIntent = {
  id: "intent_1",
  forwarderAddress: deriveForwarderAddress({
    pool,
    paymentRef: computePaymentRef("pay_1"),
    forwarderInitCodeHash: initCodeHash,
  }),
  poolAddress: pool,
  token: chain.tokens.USDC!.address,
  tokenDecimals: 6,
  expectedAmount: "12500000",
  chainId: 8453,
}

/** A reader double over fixed facts that records what the verifier asks it to remember. */
const buildReader = (read: Awaited<ReturnType<MerchantFactsReader["read"]>>) => {
  const remembered: MerchantFacts[] = []
  const reader = {
    read: async () => read,
    remember: ({ facts }: { facts: MerchantFacts }) => void remembered.push(facts),
    isPoolDeployed: async () => ok(true),
  } satisfies MerchantFactsReader
  return { reader, remembered }
}
const registry = createTokenRegistry([chain])

describe("verifyDepositIntent", () => {
  it("returns the proof and remembers fresh facts", async () => {
    const { reader, remembered } = buildReader(ok({ facts, fromCache: false }))
    const result = await verifyDepositIntent({ registry, reader }, { quote, intent })
    expect(result).toMatchObject({
      ok: true,
      value: { pool, forwarder: intent.forwarderAddress, blockNumber: "42", fromCache: false },
    })
    expect(remembered).toEqual([facts])
  })

  it("does not remember facts that came from the cache", async () => {
    const { reader, remembered } = buildReader(ok({ facts, fromCache: true }))
    expect(await verifyDepositIntent({ registry, reader }, { quote, intent })).toMatchObject({
      ok: true,
      value: { fromCache: true },
    })
    expect(remembered).toEqual([])
  })

  it("remembers nothing when a check fails", async () => {
    const { reader, remembered } = buildReader(
      ok({ facts: { ...facts, forwarderInitCodeHash: undefined }, fromCache: false }),
    )
    const result = await verifyDepositIntent({ registry, reader }, { quote, intent })
    expectVerificationFailure(result, "forwarder_address", [pool, "no answer from pool.forwarderInitCodeHash()"])
    expect(remembered).toEqual([])
  })

  it("fails pool_code when the claimed pool's reads were not made at the proven pool", async () => {
    const { reader } = buildReader(ok({ facts: { ...facts, poolReadAt: chain.payout }, fromCache: false }))
    expectVerificationFailure(await verifyDepositIntent({ registry, reader }, { quote, intent }), "pool_code", [
      pool,
      "no code",
    ])
  })

  it("returns the chain read error as is", async () => {
    const readError = new ChainReadError({ chainId: 8453, read: "eth_chainId", cause: new Error("boom") })
    const { reader } = buildReader(err(readError))
    expect(await verifyDepositIntent({ registry, reader }, { quote, intent })).toEqual({ ok: false, error: readError })
  })
})
