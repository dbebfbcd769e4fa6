import { buildPublicPayment } from "../build-public-payment"
import { buildRow, buildSession } from "./build-session"

const now = new Date("2029-12-31T23:50:00.000Z")

describe("buildPublicPayment", () => {
  it("deposit rail: the verified address, the rebuilt EIP-681 URI, amounts from the payment's decimals", () => {
    const session = buildSession()
    const view = buildPublicPayment({ session, row: buildRow(), orderId: null, now })
    expect(view.ok).toBe(true)
    if (!view.ok) return
    expect(view.value).toMatchObject({
      phase: "waiting",
      amount: { baseUnits: "27135000", display: "27.135" },
      deposit: { address: (session.data.deposit as { address: string }).address },
      chain: { id: 8453, name: "Base" },
      addressValidAfterExpiry: true,
      priceExpired: false,
      final: false,
    })
    expect(view.value.message).toBe("Send exactly 27.135 USDC on Base to the address below.")
  })

  it("18 decimals: display from the payment's decimals, never a hard-coded 6", () => {
    const view = buildPublicPayment({
      session: buildSession({ decimals: 18, amount: "27135000000000000000" }),
      row: buildRow({ token_decimals: 18, expected_amount: "27135000000000000000" }),
      orderId: null,
      now,
    })
    expect(view.ok && view.value.amount).toEqual({ baseUnits: "27135000000000000000", display: "27.135" })
  })

  it("underpaid: the remaining amount with its own URI to the same address", () => {
    const session = buildSession()
    const view = buildPublicPayment({
      session,
      row: buildRow({ status: "underpaid", confirmed_amount: "20000000" }),
      orderId: null,
      now,
    })
    if (!view.ok) throw new Error(view.error)
    const address = (session.data.deposit as { address: string }).address
    expect(view.value.phase).toBe("underpaid")
    expect(view.value.remaining).toEqual({
      baseUnits: "7135000",
      display: "7.135",
      paymentUri: expect.stringContaining(`address=${address}&uint256=7135000`),
    })
    expect(view.value.message).toBe(
      "We received 20 USDC, 7.135 USDC short. Send the remaining amount to the same address to complete the payment.",
    )
  })

  it("a surplus found after the order was placed is still shown, with the refund's state", () => {
    const row = buildRow({
      status: "overpaid",
      confirmed_amount: "27135000",
      received_amount: "54270000",
      surplus_amount: "27135000",
      refunds: [{ reason: "surplus", state: "due" }],
      captured_at: now,
    })
    const view = buildPublicPayment({ session: buildSession(), row, orderId: "order_1", now })
    if (!view.ok) throw new Error(view.error)
    expect(view.value.phase).toBe("order_placed")
    expect(view.value.surplus).toEqual({ baseUnits: "27135000", display: "27.135", refund: "due" })
    expect(view.value.received).toEqual({ baseUnits: "54270000", display: "54.27" })
    const sent = buildPublicPayment({
      session: buildSession(),
      row: { ...row, refunds: [{ reason: "surplus", state: "sent" }] },
      orderId: "order_1",
      now,
    })
    expect(sent.ok && sent.value.surplus?.refund).toBe("sent")
  })

  it("a canceled order's payment: the phase, the sentence and each refund owed back (one per top-up), then the refund's transaction", () => {
    const due = [
      { reason: "order_canceled", state: "sent", tokenAmount: "20000000", txHash: "0xaa" },
      { reason: "order_canceled", state: "due", tokenAmount: "7135000" },
    ]
    const row = buildRow({ status: "swept", confirmed_amount: "27135000", refunds: due })
    const view = buildPublicPayment({ session: buildSession(), row, orderId: "order_1", now })
    if (!view.ok) throw new Error(view.error)
    expect(view.value.phase).toBe("order_canceled")
    expect(view.value.refunds).toEqual([
      { amount: { baseUnits: "20000000", display: "20" }, reason: "order_canceled", state: "sent", txHash: "0xaa" },
      { amount: { baseUnits: "7135000", display: "7.135" }, reason: "order_canceled", state: "due", txHash: null },
    ])
    expect(view.value.kept).toEqual({ baseUnits: "0", display: "0" })
    expect(view.value.message).toMatch(/^This order was canceled\. The 27\.135 USDC you sent will be refunded/)
    const sent = buildPublicPayment({
      session: buildSession(),
      row: { ...row, refunds: [due[0], { ...due[1], state: "sent", txHash: "0xbb" }] },
      orderId: "order_1",
      now,
    })
    expect(sent.ok && sent.value.refunds.map((r) => [r.state, r.txHash])).toEqual([
      ["sent", "0xaa"],
      ["sent", "0xbb"],
    ])
    // No order_canceled refund: no canceled phase.
    const plain = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "swept", confirmed_amount: "27135000" }),
      orderId: "order_1",
      now,
    })
    expect(plain.ok && [plain.value.phase, plain.value.refunds, plain.value.kept?.display]).toEqual([
      "paid",
      [],
      "27.135",
    ])
  })

  it("a partial refund: listed without its id or destination, due then sent with its transfer, and the net kept; the refund address given", () => {
    const refund = {
      id: "refund_01",
      reason: "merchant",
      state: "due",
      tokenAmount: "5427000",
      destination: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      payerAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    }
    const row = buildRow({
      status: "swept",
      confirmed_amount: "27135000",
      refunds: [refund],
      refund_address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      captured_at: now,
    })
    const view = buildPublicPayment({ session: buildSession(), row, orderId: "order_1", now })
    if (!view.ok) throw new Error(view.error)
    expect(view.value.refunds).toEqual([
      { amount: { baseUnits: "5427000", display: "5.427" }, reason: "merchant", state: "due", txHash: null },
    ])
    expect(view.value.kept).toEqual({ baseUnits: "21708000", display: "21.708" })
    expect(view.value.refundAddress).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    expect(JSON.stringify(view.value.refunds)).not.toMatch(/refund_01|0x7099|0x3C44/)
    const sent = buildPublicPayment({
      session: buildSession(),
      row: { ...row, refunds: [{ ...refund, state: "sent", txHash: "0xcc" }] },
      orderId: "order_1",
      now,
    })
    expect(sent.ok && sent.value.refunds[0]).toMatchObject({ state: "sent", txHash: "0xcc" })
  })

  it("no surplus: null", () => {
    const view = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "swept", confirmed_amount: "27135000" }),
      orderId: "order_1",
      now,
    })
    expect(view.ok && view.value.surplus).toBeNull()
  })

  it("an order whose payment was captured outranks the status", () => {
    const view = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "paid", captured_at: now }),
      orderId: "order_1",
      now,
    })
    expect(view.ok && [view.value.phase, view.value.final, view.value.orderId]).toEqual([
      "order_placed",
      true,
      "order_1",
    ])
  })

  it("the capture's time for the receipt, null before the capture", () => {
    const captured = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "paid", captured_at: "2029-12-31T23:55:00.000Z" }),
      orderId: "order_1",
      now,
    })
    expect(captured.ok && captured.value.capturedAt).toBe("2029-12-31T23:55:00.000Z")
    const waiting = buildPublicPayment({ session: buildSession(), row: buildRow(), orderId: null, now })
    expect(waiting.ok && waiting.value.capturedAt).toBeNull()
  })

  it("an order placed while the payment is on its way follows the payment: nothing says paid before the capture", () => {
    const confirming = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "confirming", confirmations: 1 }),
      orderId: "order_1",
      now,
    })
    expect(confirming.ok && [confirming.value.phase, confirming.value.final, confirming.value.orderId]).toEqual([
      "confirming",
      false,
      "order_1",
    ])
    expect(confirming.ok && confirming.value.message).not.toMatch(/received|placed/i)
    const short = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "underpaid", confirmed_amount: "20000000" }),
      orderId: "order_1",
      now,
    })
    expect(short.ok && [short.value.phase, short.value.remaining?.baseUnits]).toEqual(["underpaid", "7135000"])
  })

  it("waiting past the quote's expiry: expired price, the address still valid", () => {
    const view = buildPublicPayment({
      session: buildSession({ expiresAt: "2029-12-31T23:00:00.000Z" }),
      row: buildRow(),
      orderId: null,
      now,
    })
    expect(view.ok && [view.value.phase, view.value.priceExpired]).toEqual(["expired", true])
    expect(view.ok && view.value.message).toMatch(/the address below still accepts 27.135 USDC/)
  })

  it("a contradiction the plugin recorded shows as failed, whatever the status word", () => {
    const view = buildPublicPayment({
      session: buildSession(),
      row: buildRow({ status: "swept", mismatch: { source: "webhook" } }),
      orderId: null,
      now,
    })
    expect(view.ok && view.value.phase).toBe("failed")
  })

  it.each([
    [
      "forwarder_mismatch",
      (d: Record<string, any>) => (d.deposit.address = "0x5555555555555555555555555555555555555555"),
    ],
    [
      "payment_uri_mismatch",
      (d: Record<string, any>) =>
        (d.deposit.paymentUri = d.deposit.paymentUri.replace("uint256=27135000", "uint256=1")),
    ],
    ["payment_ref_mismatch", (d: Record<string, any>) => (d.paymentId = "pay_other")],
    ["bad_amount", (d: Record<string, any>) => (d.tokenDecimals = 18)],
    ["no_verification", (d: Record<string, any>) => delete d.verification],
  ])("withholds the whole view: %s", (problem, tamper) => {
    const session = buildSession()
    tamper(session.data as Record<string, any>)
    expect(buildPublicPayment({ session, row: null, orderId: null, now })).toEqual({ ok: false, error: problem })
  })

  it("withholds the view when the ledger row is another amount", () => {
    expect(
      buildPublicPayment({ session: buildSession(), row: buildRow({ expected_amount: "1" }), orderId: null, now }),
    ).toEqual({ ok: false, error: "ledger_mismatch" })
  })

  it("connect rail: the pool and reference, no deposit address", () => {
    const view = buildPublicPayment({ session: buildSession({ rail: "connect" }), row: buildRow(), orderId: null, now })
    expect(view.ok && [view.value.deposit, view.value.connect?.pool, view.value.message]).toEqual([
      null,
      "0x1111111111111111111111111111111111111111",
      "Connect your wallet to pay 27.135 USDC on Base.",
    ])
  })

  describe("transfers, explorer and confirmations target", () => {
    const token = "0x2222222222222222222222222222222222222222"
    const first = `0x${"aa".repeat(32)}`
    const topUp = `0x${"bb".repeat(32)}`
    const receipt = (tx_hash: string, block_number: string, amount: string, token_address = token) => ({
      tx_hash,
      log_index: 0,
      block_number,
      token_address,
      amount,
    })

    it("an underpayment topped up: both transfers, oldest first, with amounts; received is their sum", () => {
      const view = buildPublicPayment({
        session: buildSession(),
        row: buildRow({ status: "paid", confirmed_amount: "20000000", tx_hash: first, received_amount: "27135000" }),
        orderId: "order_1",
        now,
        receipts: [receipt(topUp, "12", "7135000"), receipt(first, "9", "20000000")],
      })
      if (!view.ok) throw new Error(view.error)
      expect(view.value.transfers).toEqual([
        { txHash: first, amount: { baseUnits: "20000000", display: "20" } },
        { txHash: topUp, amount: { baseUnits: "7135000", display: "7.135" } },
      ])
      expect(view.value.received).toEqual({ baseUnits: "27135000", display: "27.135" })
    })

    it("receipts the ledger sum has not caught up with still count; another token's transfer is not listed", () => {
      const view = buildPublicPayment({
        session: buildSession(),
        row: buildRow({
          status: "underpaid",
          confirmed_amount: "20000000",
          tx_hash: first,
          received_amount: "20000000",
        }),
        orderId: null,
        now,
        receipts: [
          receipt(first, "9", "20000000"),
          receipt(topUp, "12", "7135000"),
          receipt(`0x${"cc".repeat(32)}`, "13", "5", "0x9999999999999999999999999999999999999999"),
        ],
      })
      if (!view.ok) throw new Error(view.error)
      expect(view.value.transfers?.map((t) => t.txHash)).toEqual([first, topUp])
      expect(view.value.received?.baseUnits).toBe("27135000")
    })

    it("before the chain scan: the service's transfer alone, without an amount of its own", () => {
      const view = buildPublicPayment({
        session: buildSession(),
        row: buildRow({ status: "confirming", confirmed_amount: "27135000", tx_hash: first, confirmations: 1 }),
        orderId: null,
        now,
      })
      if (!view.ok) throw new Error(view.error)
      expect(view.value.transfers).toEqual([{ txHash: first, amount: null }])
    })

    it("a local chain (loopback RPC) under Base's id has no explorer; a real one has basescan; the target from the chain's option", () => {
      const build = (rpcUrl: string, confirmations?: number) =>
        buildPublicPayment({
          session: buildSession(),
          row: buildRow({ status: "confirming", confirmed_amount: "27135000", tx_hash: first, confirmations: 1 }),
          orderId: null,
          now,
          chains: [{ chainId: 8453, rpcUrl, confirmations }],
        })
      const local = build("http://127.0.0.1:8545", 3)
      const real = build("https://mainnet.base.org")
      if (!local.ok || !real.ok) throw new Error("withheld")
      expect(local.value.chain.explorerUrl).toBeNull()
      expect(real.value.chain.explorerUrl).toBe("https://basescan.org")
      expect([local.value.confirmationsRequired, real.value.confirmationsRequired]).toEqual([3, 2])
      expect(local.value.message).toBe("Your transfer is being confirmed: 1 of 3 confirmations.")
    })

    it("the count past its target is not shown climbing: the sentence says what is awaited", () => {
      const view = buildPublicPayment({
        session: buildSession(),
        row: buildRow({ status: "confirming", confirmed_amount: "27135000", tx_hash: first, confirmations: 9 }),
        orderId: null,
        now,
      })
      if (!view.ok) throw new Error(view.error)
      expect(view.value.message).toBe(
        "Your transfer has its 2 confirmations; the payment service is checking the amount.",
      )
    })
  })
})
