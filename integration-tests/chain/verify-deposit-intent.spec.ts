import { createServer } from "node:http"
import { getAddress, type Address } from "viem"
import {
  createPool,
  deployFixture,
  devAccounts,
  getFreePort,
  localClients,
  snapshotChain,
  type ChainFixture,
} from "#sandbox/chain/index"
import {
  ChainReadError,
  computePaymentRef,
  createChainVerifier,
  deriveForwarderAddress,
  poolAbi,
  poolFactoryAbi,
  type ChainConfig,
  type VerificationProof,
} from "#src/lib/chain/index"
import {
  buildChainConfig,
  buildDepositIntent,
  buildQuote,
  forwarderInitCodeHash,
} from "#src/lib/chain/__tests__/build-service-responses"
import { expectVerificationFailure } from "#src/lib/chain/__tests__/expect-verification-failure"
import { checksumFixture, startFixtureChains, type FixtureChains } from "#src/lib/chain/__tests__/start-fixture-chains"

describe("verifyDepositIntent on anvil", () => {
  let chains: FixtureChains
  let base: ChainFixture
  let bsc: ChainFixture
  /** A second layout on the 8453 anvil whose merchant pool is not deployed. */
  let undeployed: ChainFixture
  /** The pool of devAccounts.otherPayout under base's factory. */
  let otherPool: Address

  beforeAll(async () => {
    chains = await startFixtureChains()
    ;({ base, bsc } = chains)
    undeployed = checksumFixture(await deployFixture({ chainId: 8453, rpcUrl: base.rpcUrl, deployPool: false }))
    await createPool({
      chainId: 8453,
      rpcUrl: base.rpcUrl,
      factory: base.factory,
      payout: devAccounts.otherPayout.address,
    })
    otherPool = await localClients(8453, base.rpcUrl).publicClient.readContract({
      address: base.factory,
      abi: poolFactoryAbi,
      functionName: "poolOf",
      args: [devAccounts.otherPayout.address],
    })
  }, 60_000)
  afterAll(async () => chains?.stop())

  const verifierFor = (...configs: ChainConfig[]) =>
    createChainVerifier({
      chains: configs.length ? configs : [buildChainConfig(base), buildChainConfig(bsc)],
      timeoutMs: 5_000,
    })

  it.each([
    ["8453 (6 decimals)", () => base, "USDC" as const, "12.5", "12500000"],
    ["56 (18 decimals)", () => bsc, "EURC" as const, "12.5", "12500000000000000000"],
  ])("verifies a deposit intent on chain %s", async (_, fixture, token, amount, baseUnits) => {
    const fx = fixture()
    const quote = buildQuote(fx, { token, amount })
    expect(quote.stablecoinAmount).toBe(baseUnits)
    const result = await verifierFor().verifyDepositIntent({ quote, intent: buildDepositIntent(fx, quote) })
    if (!result.ok) throw result.error

    const proof = result.value
    // Independent of our CREATE2 code: the pool's own forwarderOf answers the same address.
    const { publicClient } = localClients(fx.chainId, fx.rpcUrl)
    const paymentRef = computePaymentRef(quote.paymentId)
    const onChainForwarder = await publicClient.readContract({
      address: fx.pool,
      abi: poolAbi,
      functionName: "forwarderOf",
      args: [paymentRef],
    })
    expect(proof).toEqual<VerificationProof>({
      rail: "deposit",
      chainId: fx.chainId,
      blockNumber: expect.stringMatching(/^\d+$/),
      factory: fx.factory,
      payout: fx.payout,
      pool: fx.pool,
      forwarder: getAddress(onChainForwarder),
      token: fx.tokens[token].address,
      tokenSymbol: token,
      tokenDecimals: fx.tokens[token].decimals,
      paymentRef,
      verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      fromCache: false,
    })
    expect(JSON.parse(JSON.stringify(proof))).toEqual(proof)
  })

  it("accepts addresses in any case", async () => {
    const quote = buildQuote(base)
    const intent = buildDepositIntent(base, quote)
    const lower = {
      ...intent,
      forwarderAddress: intent.forwarderAddress.toLowerCase(),
      poolAddress: intent.poolAddress.toLowerCase(),
      token: intent.token.toLowerCase(),
    }
    expect((await verifierFor().verifyDepositIntent({ quote, intent: lower })).ok).toBe(true)
  })

  describe("check 0: the payment matches its quote", () => {
    it("fails quote_chain_id when the intent is on another chain than the quote", async () => {
      const quote = buildQuote(base)
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { chainId: 56 }),
      })
      expectVerificationFailure(result, "quote_chain_id", ["8453", "56"])
    })

    it("fails chain_not_configured for a chain missing from the configuration", async () => {
      const quote = { ...buildQuote(base), chainId: 1 }
      const result = await verifierFor().verifyDepositIntent({ quote, intent: buildDepositIntent(base, quote) })
      expectVerificationFailure(result, "chain_not_configured", ["[8453, 56]", "chain 1"])
    })

    it("fails token_not_configured for a quoted token the chain's configuration lacks", async () => {
      const { USDC } = base.tokens
      const quote = buildQuote(base, { token: "USDT" })
      const result = await verifierFor(buildChainConfig(base, { tokens: { USDC } })).verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote),
      })
      expectVerificationFailure(result, "token_not_configured", ["[USDC]", "USDT"])
    })

    it("fails quote_token when the intent's token is another contract than the quoted symbol's", async () => {
      const quote = buildQuote(base, { token: "USDC" })
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { token: base.tokens.USDT.address }),
      })
      expectVerificationFailure(result, "quote_token", [base.tokens.USDC.address, base.tokens.USDT.address])
    })

    it("fails quote_amount when the expected amount differs by one base unit", async () => {
      const quote = buildQuote(bsc)
      const expectedAmount = (BigInt(quote.stablecoinAmount) + 1n).toString()
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(bsc, quote, { expectedAmount }),
      })
      expectVerificationFailure(result, "quote_amount", ["12500000000000000000", "12500000000000000001"])
    })

    it("fails quote_amount for an amount that is not integer base units, even when equal", async () => {
      const quote = { ...buildQuote(base), stablecoinAmount: "12.5" }
      const result = await verifierFor().verifyDepositIntent({ quote, intent: buildDepositIntent(base, quote) })
      expectVerificationFailure(result, "quote_amount", ["12.5 base units", "12.5"])
    })
  })

  describe("check 1: chain and token", () => {
    it("fails rpc_chain_id when the configured RPC serves another chain", async () => {
      const quote = buildQuote(base)
      const verifier = verifierFor(buildChainConfig(base, { rpcUrl: bsc.rpcUrl }))
      const result = await verifier.verifyDepositIntent({ quote, intent: buildDepositIntent(base, quote) })
      expectVerificationFailure(result, "rpc_chain_id", ["chain 8453", "chain 56"])
    })

    it("fails token_decimals when the configuration says 18 and the chain says 6", async () => {
      const quote = buildQuote(base)
      const tokens = { ...base.tokens, USDC: { address: base.tokens.USDC.address, decimals: 18 } }
      const result = await verifierFor(buildChainConfig(base, { tokens })).verifyDepositIntent({
        quote: { ...quote, stablecoinAmount: "12500000000000000000" },
        intent: buildDepositIntent(base, quote, { expectedAmount: "12500000000000000000" }),
      })
      expectVerificationFailure(result, "token_decimals", ["18 (configured USDC)", "6 (on-chain decimals())"])
    })

    it("fails token_decimals when the intent's tokenDecimals differ from the chain", async () => {
      const quote = buildQuote(base)
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { tokenDecimals: 18 }),
      })
      expectVerificationFailure(result, "token_decimals", ["6 (on-chain decimals())", "18 (service tokenDecimals)"])
    })
  })

  describe("check 2: the merchant's pool", () => {
    it("fails pool_address for the pool of another payout", async () => {
      const quote = buildQuote(base)
      const forwarderAddress = deriveForwarderAddress({
        pool: otherPool,
        paymentRef: computePaymentRef(quote.paymentId),
        forwarderInitCodeHash,
      })
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { poolAddress: otherPool, forwarderAddress }),
      })
      expectVerificationFailure(result, "pool_address", [base.pool, otherPool])
    })

    it("fails pool_address for a claimed pool that is not an address", async () => {
      const quote = buildQuote(base)
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { poolAddress: "0x1234" }),
      })
      expectVerificationFailure(result, "pool_address", [base.pool, "0x1234"])
    })

    it("fails pool_code when the merchant's pool is not deployed", async () => {
      const quote = buildQuote(undeployed)
      const result = await verifierFor(buildChainConfig(undeployed)).verifyDepositIntent({
        quote,
        intent: buildDepositIntent(undeployed, quote),
      })
      expectVerificationFailure(result, "pool_code", [`contract code at ${undeployed.pool}`, "no code"])
    })

    it("fails pool_payout when the code at the pool's address pays out to someone else", async () => {
      const { publicClient, testClient } = localClients(8453, base.rpcUrl)
      const snapshot = await snapshotChain(8453, base.rpcUrl)
      try {
        // Planting another payout's pool code at the counterfactual address: poolOf and code hold, payout() does not.
        const bytecode = await publicClient.getCode({ address: otherPool })
        await testClient.setCode({ address: undeployed.pool, bytecode: bytecode! })
        const quote = buildQuote(undeployed)
        const result = await verifierFor(buildChainConfig(undeployed)).verifyDepositIntent({
          quote,
          intent: buildDepositIntent(undeployed, quote),
        })
        expectVerificationFailure(result, "pool_payout", [undeployed.payout, devAccounts.otherPayout.address])
      } finally {
        await snapshot.revert()
      }
    })
  })

  describe("check 3: the forwarder", () => {
    it("fails forwarder_address for a forwarder derived from another pool", async () => {
      const quote = buildQuote(base)
      const forwarderAddress = deriveForwarderAddress({
        pool: otherPool,
        paymentRef: computePaymentRef(quote.paymentId),
        forwarderInitCodeHash,
      })
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote, { forwarderAddress }),
      })
      const expected = deriveForwarderAddress({
        pool: base.pool,
        paymentRef: computePaymentRef(quote.paymentId),
        forwarderInitCodeHash,
      })
      expectVerificationFailure(result, "forwarder_address", [expected, forwarderAddress])
    })

    it("fails forwarder_address for a forwarder derived from another payment's reference", async () => {
      const quote = buildQuote(bsc)
      const forwarderAddress = deriveForwarderAddress({
        pool: bsc.pool,
        paymentRef: computePaymentRef("pay_someone_else"),
        forwarderInitCodeHash,
      })
      const result = await verifierFor().verifyDepositIntent({
        quote,
        intent: buildDepositIntent(bsc, quote, { forwarderAddress }),
      })
      expectVerificationFailure(result, "forwarder_address", [quote.paymentId, forwarderAddress])
    })
  })

  describe("chain unavailable", () => {
    it("fails closed with chain_unavailable when nothing answers, without the RPC URL in the message", async () => {
      const rpcUrl = `http://127.0.0.1:${await getFreePort()}/secret-api-key`
      const quote = buildQuote(base)
      const result = await verifierFor(buildChainConfig(base, { rpcUrl })).verifyDepositIntent({
        quote,
        intent: buildDepositIntent(base, quote),
      })
      expect(result.ok).toBe(false)
      const error = (result as { error: unknown }).error
      expect(error).toBeInstanceOf(ChainReadError)
      expect(error).toMatchObject({ code: "chain_unavailable", chainId: 8453 })
      expect((error as Error).message).not.toContain("secret-api-key")
    })

    it("fails closed with chain_unavailable when the RPC does not answer within the timeout", async () => {
      const sockets = new Set<import("node:net").Socket>()
      const server = createServer(() => {
        // Never answers.
      })
      server.on("connection", (socket) => sockets.add(socket))
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      try {
        const { port } = server.address() as import("node:net").AddressInfo
        const quote = buildQuote(base)
        const verifier = createChainVerifier({
          chains: [buildChainConfig(base, { rpcUrl: `http://127.0.0.1:${port}` })],
          timeoutMs: 300,
        })
        const result = await verifier.verifyDepositIntent({ quote, intent: buildDepositIntent(base, quote) })
        expect(result.ok).toBe(false)
        expect((result as { error: unknown }).error).toMatchObject({
          name: "ChainReadError",
          code: "chain_unavailable",
          details: expect.stringContaining("TimeoutError"),
        })
      } finally {
        for (const socket of sockets) socket.destroy()
        await new Promise((resolve) => server.close(resolve))
      }
    })
  })
})
