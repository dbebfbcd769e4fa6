import { splitHex } from "../format"

describe("splitHex", () => {
  it("cuts prose into its 0x values, whole or shortened, and the words around them", () => {
    expect(splitHex("Send 5 USDC to 0x3C44…93BC to complete it.")).toEqual([
      { text: "Send 5 USDC to ", hex: false },
      { text: "0x3C44…93BC", hex: true },
      { text: " to complete it.", hex: false },
    ])
    expect(splitHex("0xabc and 0xDEF")).toEqual([
      { text: "0xabc", hex: true },
      { text: " and ", hex: false },
      { text: "0xDEF", hex: true },
    ])
    expect(splitHex("no values")).toEqual([{ text: "no values", hex: false }])
  })
})
