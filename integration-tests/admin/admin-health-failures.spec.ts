import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../http/helpers/admin"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"

jest.setTimeout(120_000)

// A misconfigured store: a wrong api key, one chain whose RPC answers with another chain id and a
// wrong token decimals figure, and one chain whose RPC is down. The admin must say which check
// failed, in words, without the RPC URLs or the key.
const DOWN_RPC = "http://127.0.0.1:9/rpc?key=do-not-leak"
const stack = useStablecoinStack({ chains: [{ chainId: 8453 }] }, (s) => {
  const chain = s.chains[0]!
  return {
    apiKey: "not-the-merchants-key",
    reconcile: { enabled: false },
    chains: [
      {
        chainId: 10,
        rpcUrl: chain.rpcUrl,
        factory: chain.factory,
        payout: chain.payout,
        tokens: { USDC: { address: chain.tokens.USDC.address, decimals: 18 } },
      },
      {
        chainId: 137,
        rpcUrl: DOWN_RPC,
        factory: chain.factory,
        payout: chain.payout,
        tokens: { USDC: chain.tokens.USDC },
      },
    ],
  }
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("health names each failed check; test connection reports the refused key", async () => {
      const admin = await adminHeaders(api, getContainer())
      const { data } = await api.get("/admin/stablecoin/health", admin)
      const [wrongChain, down] = data.chains
      expect(wrongChain).toMatchObject({
        chainId: 10,
        healthy: false,
        rpc: { ok: true },
        chainIdMatches: { ok: false, detail: "eth_chainId is 8453, configured 10" },
        factoryHasCode: { ok: true },
        tokens: [
          {
            symbol: "USDC",
            ok: false,
            onChainDecimals: 6,
            configuredDecimals: 18,
            detail: "decimals() is 6, configured 18",
          },
        ],
      })
      expect(down).toMatchObject({
        chainId: 137,
        healthy: false,
        rpc: { ok: false },
        latestBlock: null,
        chainIdMatches: { ok: false },
      })
      expect(JSON.stringify(data)).not.toContain("do-not-leak")
      expect(JSON.stringify(data)).not.toContain(stack.sandbox.chains[0]!.rpcUrl)

      const test = await api.post("/admin/stablecoin/test-connection", {}, admin)
      expect(test.data).toMatchObject({ ok: false, status: 401, code: "service_unauthorized" })
      expect(test.data.message).toContain("refused the api key")
      expect(JSON.stringify(test.data)).not.toContain("not-the-merchants-key")
    })
  },
})
