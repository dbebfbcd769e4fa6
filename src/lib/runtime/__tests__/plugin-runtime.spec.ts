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
    // The same options written twice (module and providers given two objects) still share one runtime, so one ledger.
    expect(pluginRuntimeOf(raw())).toBe(a)
    expect(pluginRuntimeOf({ ...raw(), merchantId: "mer_other" })).not.toBe(a)
  })

  it("hands the ledger module's books to the providers, and names the missing module when there are none", () => {
    const runtime = pluginRuntimeOf({ ...raw(), merchantId: "mer_books" })
    expect(() => runtime.books()).toThrow(
      /Register \{ resolve: "medusa-payment-stablecoin\/modules\/stablecoin", options \}/,
    )
    const books = { recordIssuedPayment: async () => {}, bookOfSession: async () => null }
    runtime.attachBooks(books)
    expect(pluginRuntimeOf({ ...raw(), merchantId: "mer_books" }).books()).toBe(books)
  })

  it("refuses invalid options with the options error, naming the field", () => {
    expect(() => pluginRuntimeOf({ ...raw(), webhookSecrets: [] })).toThrow(InvalidPluginOptionsError)
    expect(() => pluginRuntimeOf({ ...raw(), webhookSecrets: [] })).toThrow(/webhookSecrets/)
  })
})
