import { buildExplorerLink } from "../build-explorer-link"
import { explorerUrlOf, isLoopbackUrl } from "../explorer-url-of"

const tx = `0x${"ab".repeat(32)}`

describe("explorerUrlOf", () => {
  it("a real chain's RPC: the chain's default explorer", () => {
    expect(explorerUrlOf({ chainId: 8453, rpcUrl: "https://mainnet.base.org" })).toBe("https://basescan.org")
    expect(explorerUrlOf({ chainId: 8453 })).toBe("https://basescan.org")
  })

  it("a local chain under a real chain's id (anvil at 127.0.0.1 as 8453): no explorer", () => {
    for (const rpcUrl of [
      "http://127.0.0.1:8545",
      "http://localhost:8545",
      "http://[::1]:8545",
      "http://0.0.0.0:8545",
      "http://anvil.localhost:8545",
    ])
      expect(explorerUrlOf({ chainId: 8453, rpcUrl })).toBeNull()
  })

  it("a configured explorer wins, even on a local chain (a local explorer such as Otterscan)", () => {
    expect(
      explorerUrlOf({ chainId: 8453, rpcUrl: "http://127.0.0.1:8545", explorerUrl: "http://localhost:5100" }),
    ).toBe("http://localhost:5100")
  })

  it("an unknown chain has none", () => {
    expect(explorerUrlOf({ chainId: 31337, rpcUrl: "https://rpc.example" })).toBeNull()
  })

  it("null passed on to buildExplorerLink means no link, never the default", () => {
    expect(buildExplorerLink({ chainId: 8453, kind: "tx", value: tx, explorerUrl: null })).toBeNull()
    expect(buildExplorerLink({ chainId: 8453, kind: "tx", value: tx, explorerUrl: undefined })).toBe(
      `https://basescan.org/tx/${tx}`,
    )
  })
})

describe("isLoopbackUrl", () => {
  it("only this machine's names and addresses", () => {
    expect(isLoopbackUrl("http://127.8.0.1:1")).toBe(true)
    expect(isLoopbackUrl("http://10.0.0.5:8545")).toBe(false)
    expect(isLoopbackUrl("https://localhost.example.com")).toBe(false)
    expect(isLoopbackUrl("not a url")).toBe(false)
  })
})
