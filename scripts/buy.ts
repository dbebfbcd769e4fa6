import type { Address } from "viem"
import { devAccounts } from "#sandbox/chain/index"
import { payConnect, payDepositIntent, type PaymentTx } from "#sandbox/customer/index"
import type { StatusRecord, DeliveryLogEntry } from "#sandbox"
import { PROVIDER_IDENTIFIERS, type StablecoinSessionData } from "#src/lib/session-data"
import { readDevState } from "#dev/dev-state"
import { parseCommandLine } from "./cli-help"

/**
 * `npm run dev:buy -- --rail deposit|connect [--token USDC] [--chain 8453] [--currency eur|usd]`
 * One purchase against the store `npm run dev` runs: a cart through the store API, the payment
 * session, the on-chain payment as the customer dev account, then waits for the order and prints
 * the timeline with the times this script could observe.
 */
const { values } = parseCommandLine({
  command: "npm run dev:buy",
  usage: "--rail deposit|connect [options]",
  summary: "One purchase against the store `npm run dev` runs, as the customer dev account; prints its timeline.",
  options: {
    rail: { type: "string", value: "deposit|connect", description: "The payment rail (required)" },
    token: { type: "string", default: "USDC", value: "<symbol>", description: "The token to pay with" },
    chain: { type: "string", default: "8453", value: "<id>", description: "The chain to pay on" },
    currency: { type: "string", default: "eur", value: "eur|usd", description: "The cart's currency" },
    "timeout-seconds": {
      type: "string",
      default: "120",
      value: "<seconds>",
      description: "How long to wait for the order",
    },
  },
  examples: [
    "npm run dev:buy -- --rail deposit",
    "npm run dev:buy -- --rail connect --token USDC --chain 56 --currency usd",
  ],
})

type Event = { at: number; what: string; detail?: string }
const timeline: Event[] = []
const note = (what: string, detail?: string, at = Date.now()) => timeline.push({ at, what, detail })

async function main() {
  const rail = values.rail
  if (rail !== "deposit" && rail !== "connect") throw new Error("--rail deposit|connect is required")
  const chainId = Number(values.chain)
  const currency = values.currency
  if (currency !== "eur" && currency !== "usd") throw new Error("--currency: eur or usd")
  const state = readDevState()
  const chain = state.sandbox.chains.find((c) => c.chainId === chainId)
  if (!chain)
    throw new Error(`--chain ${chainId}: the sandbox runs ${state.sandbox.chains.map((c) => c.chainId).join(", ")}`)
  const deadline = Date.now() + Number(values["timeout-seconds"]) * 1000

  const store = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${state.storeUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-publishable-api-key": state.seed.publishableKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new Error(
        `${method} ${state.storeUrl}${path}: no answer (${String(error)}); is \`npm run dev\` running and done starting?`,
      )
    })
    const json = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
    return json as T
  }

  const started = Date.now()
  const { cart } = await store<{ cart: { id: string; total: number } }>("POST", "/store/carts", {
    region_id: state.seed.regions[currency],
    email: "buyer@example.com",
    items: [{ variant_id: state.seed.variantId, quantity: 1 }],
  })
  note("cart created", `${cart.id}, total ${cart.total} ${currency.toUpperCase()}`)
  const { payment_collection } = await store<{ payment_collection: { id: string } }>(
    "POST",
    "/store/payment-collections",
    { cart_id: cart.id },
  )

  const providerId = `pp_${PROVIDER_IDENTIFIERS[rail]}_stablecoin`
  note("session requested", `${providerId}, ${values.token} on chain ${chainId}`)
  const { payment_collection: withSession } = await store<{
    payment_collection: { payment_sessions: Array<{ provider_id: string; data: StablecoinSessionData }> }
  }>("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
    provider_id: providerId,
    data: {
      token: values.token,
      chainId,
      ...(rail === "connect" ? { payerAddress: devAccounts.customer.address } : {}),
    },
  })
  const d = withSession.payment_sessions.find((s) => s.provider_id === providerId)!.data
  note(
    "quote + payment created, addresses verified (session answered)",
    `${d.amountDisplay} ${d.token} for ${d.fiatTotal} ${d.fiatCurrency} (rate ${d.fxRate}), quote expires ${d.expiresAt}; ${rail === "deposit" ? `intent ${d.deposit!.intentId}, pay to ${d.deposit!.address}` : `pool ${d.connect!.pool}`}`,
  )
  note(
    "verification",
    `block ${d.verification.blockNumber}${d.verification.fromCache ? ", pool facts from cache" : ""}`,
    Date.parse(d.verification.verifiedAt),
  )

  // The service's status, polled to timestamp what it reports (a dev tool against the sandbox; stores rely on webhooks).
  let polling = true
  let last = ""
  const statusPoll = (async () => {
    while (polling) {
      const res = await fetch(`${state.sandbox.url}/pool-deposit-status`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: state.sandbox.apiKey },
        body: JSON.stringify({ id: d.paymentId }),
      }).catch(() => null)
      if (res?.ok) {
        const record = (await res.json()) as StatusRecord
        if (record.status !== last && record.status !== "waiting")
          note(`service: ${record.status}`, `${record.confirmations} confirmation(s)`)
        last = record.status
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()

  const amount = BigInt(d.amount)
  let paid: PaymentTx
  if (rail === "deposit") {
    ;({ transfer: paid } = await payDepositIntent({
      rpcUrl: chain.rpcUrl,
      chainId,
      token: d.tokenAddress as Address,
      to: d.deposit!.address as Address,
      amount,
    }))
  } else {
    ;({ deposit: paid } = await payConnect({
      rpcUrl: chain.rpcUrl,
      chainId,
      token: d.tokenAddress as Address,
      pool: d.connect!.pool as Address,
      amount,
      paymentId: d.paymentId,
    }))
  }
  const paidAt = Date.now()
  note(
    rail === "deposit" ? "transfer mined (customer)" : "pool.deposit mined (customer)",
    `tx ${paid.hash} in block ${paid.blockNumber}`,
  )

  let completedAt: string | null = null
  while (!completedAt) {
    if (Date.now() > deadline)
      throw new Error(`no order within ${values["timeout-seconds"]} s (cart ${cart.id}); see the dev log`)
    await new Promise((resolve) => setTimeout(resolve, 250))
    ;({
      cart: { completed_at: completedAt },
    } = await store<{ cart: { completed_at: string | null } }>("GET", `/store/carts/${cart.id}?fields=id,completed_at`))
  }
  polling = false
  await statusPoll
  const orderSeenAt = Date.now()

  // Completing a completed cart answers its order.
  const completed = await store<{ type: string; order: { id: string } }>("POST", `/store/carts/${cart.id}/complete`)
  const { order } = await store<{
    order: {
      id: string
      display_id: number
      created_at: string
      payment_status: string
      payment_collections: Array<{ payments: Array<{ captured_at: string | null }> }>
    }
  }>(
    "GET",
    `/store/orders/${completed.order.id}?fields=id,display_id,created_at,payment_status,*payment_collections.payments`,
  )
  note(
    "order created",
    `${order.id} (#${order.display_id}), payment_status ${order.payment_status}`,
    Date.parse(order.created_at),
  )
  const capturedAt = order.payment_collections.flatMap((pc) => pc.payments).find((p) => p.captured_at)?.captured_at
  if (capturedAt) note("payment captured", undefined, Date.parse(capturedAt))

  const { deliveries } = (await (await fetch(`${state.sandbox.url}/_sandbox/deliveries`)).json()) as {
    deliveries: DeliveryLogEntry[]
  }
  for (const delivery of deliveries.filter((entry) => entry.paymentId === d.paymentId)) {
    // The log entry is written when the store answered; the request left durationMs earlier.
    const answeredAt = Date.parse(delivery.at)
    note(`webhook ${delivery.type} sent`, `attempt ${delivery.attempt}`, answeredAt - delivery.durationMs)
    note(
      `webhook answered`,
      `HTTP ${delivery.statusCode ?? delivery.error} after ${delivery.durationMs} ms`,
      answeredAt,
    )
  }

  timeline.sort((a, b) => a.at - b.at)
  const lines = timeline.map(
    (e) =>
      `  +${((e.at - started) / 1000).toFixed(3).padStart(7)} s  ${new Date(e.at).toISOString().slice(11, 23)}  ${e.what}${e.detail ? `: ${e.detail}` : ""}`,
  )
  process.stdout.write(
    [
      `Purchase on the ${rail} rail, ${values.token} on chain ${chainId}`,
      ...lines,
      `Paid -> order seen: ${((orderSeenAt - paidAt) / 1000).toFixed(1)} s; start -> order seen: ${((orderSeenAt - started) / 1000).toFixed(1)} s`,
      "",
    ].join("\n"),
  )
}

main().catch((error) => {
  process.stderr.write(`[dev:buy] ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
