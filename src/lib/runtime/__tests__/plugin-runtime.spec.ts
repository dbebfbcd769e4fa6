import { InvalidPluginOptionsError } from "../../options/parse-plugin-options"
import { pluginRuntimeOf } from "../plugin-runtime"

const raw = () => ({
  apiKey: "pk_test",
  baseUrl: "http://127.0.0.1:4010",
  merchantId: "mer_1",
  webhookSecrets: ["whsec_0123456789abcdef0123"],
  chains: [
    {
      chainId: 8453,
      rpcUrl: "http://127.0.0.1:8545",
      factory: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      payout: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      tokens: { USDC: { address: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", decimals: 6 } },
    },
  ],
})

describe("pluginRuntimeOf", () => {
  it("gives everything handed the same options object one client, one verifier and one RPC client per chain", () => {
    const options = raw()
    const a = pluginRuntimeOf(options)
    const b = pluginRuntimeOf(options)
    expect(b).toBe(a)
    expect(a.rpcClient(8453)).toBe(a.rpcClient(8453))
    expect(a.rpcClient(1)).toBeNull()
    expect(a.storefrontClient).not.toBe(a.client)
    expect(pluginRuntimeOf(raw())).not.toBe(a)
  })

  it("refuses invalid options with the options error, naming the field", () => {
    expect(() => pluginRuntimeOf({ ...raw(), webhookSecrets: [] })).toThrow(InvalidPluginOptionsError)
    expect(() => pluginRuntimeOf({ ...raw(), webhookSecrets: [] })).toThrow(/webhookSecrets/)
  })
})
