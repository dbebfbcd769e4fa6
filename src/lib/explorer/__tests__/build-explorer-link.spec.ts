import { buildExplorerLink } from "../build-explorer-link"

const tx = `0x${"ab".repeat(32)}`

describe("buildExplorerLink", () => {
  it("links a transaction and an address on a chain with a default explorer", () => {
    expect(buildExplorerLink({ chainId: 8453, kind: "tx", value: tx })).toBe(`https://basescan.org/tx/${tx}`)
    expect(
      buildExplorerLink({ chainId: 1, kind: "address", value: "0x00000000000000000000000000000000000000aA" }),
    ).toBe("https://etherscan.io/address/0x00000000000000000000000000000000000000aA")
  })

  it("a configured explorerUrl wins over the default, without a doubled slash", () => {
    expect(buildExplorerLink({ chainId: 8453, kind: "tx", value: tx, explorerUrl: "https://explorer.example/" })).toBe(
      `https://explorer.example/tx/${tx}`,
    )
  })

  it("no link for a chain without an explorer, or a value that is not hex", () => {
    expect(buildExplorerLink({ chainId: 31337, kind: "tx", value: tx })).toBeNull()
    expect(buildExplorerLink({ chainId: 8453, kind: "tx", value: "javascript:alert(1)" })).toBeNull()
  })
})
