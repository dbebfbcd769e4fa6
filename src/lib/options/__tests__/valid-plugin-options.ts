/** A webhook secret long enough for the options' rule; a test value, never a real one. */
export const TEST_WEBHOOK_SECRET = "whsec_0123456789abcdef0123"

/** Raw plugin options that parse, one chain with USDC, with `over` on top: what a unit test starts from. */
export const validPluginOptions = (over: Record<string, unknown> = {}) => ({
  apiKey: "pk_test",
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "mer_1",
  webhookSecrets: [TEST_WEBHOOK_SECRET],
  chains: [
    {
      chainId: 8453,
      rpcUrl: "http://127.0.0.1:8545",
      factory: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      payout: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      tokens: { USDC: { address: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", decimals: 6 } },
    },
  ],
  ...over,
})
