import { InvalidPluginOptionsError } from "../../options/parse-plugin-options"
import { validPluginOptions } from "../../options/__tests__/valid-plugin-options"
import { pluginRuntimeOf } from "../plugin-runtime"

const raw = () => validPluginOptions()

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
