/**
 * `npm run bench`: how long the checkout step waits for a verified address, against the sandbox
 * on a local anvil (service and chain on loopback, so this is the plugin's own cost plus the
 * sandbox's). Prints medians and p95 of:
 * - cold verification (a new verifier: one JSON-RPC batch) and warm verification (cached merchant: no RPC);
 * - initiatePayment on each rail (create-quote + create-pool-* + verification), warm, and the part of
 *   it after the service's last answer (the plugin's own work: warm verification, the session data).
 * Results are recorded in bench/RESULTS.md.
 */
import type { Logger } from "@medusajs/framework/types"
import { startSandbox } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import { createChainVerifier } from "#src/lib/chain/index"
import { parsePluginOptions } from "#src/lib/options/index"
import { createPluginRuntime, pluginRuntimeOf } from "#src/lib/runtime/plugin-runtime"
import type { StablecoinBase } from "#src/providers/stablecoin/core/stablecoin-base"
import {
  StablecoinConnectProviderService,
  StablecoinDepositProviderService,
} from "#src/providers/stablecoin/services/index"

const RUNS = Number(process.env.BENCH_RUNS ?? 50)

/** Median and p95 of `fn`'s times: its duration, or the span it returns (ms). */
async function measure(label: string, fn: () => Promise<unknown>, span?: () => number) {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await fn()
    times.push(span ? span() : performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2)
  console.log(`${label.padEnd(56)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   (${RUNS} runs)`)
}

async function main() {
  const sandbox = await startSandbox({
    chains: [{ chainId: 8453 }],
    rateLimit: { capacity: 10_000, refillPerSecond: 10_000 },
  })
  try {
    const { options, client } = createPluginRuntime(parsePluginOptions(pluginOptionsFor(sandbox)))
    const quoteAndIntent = async () => {
      const quote = await client.createQuote({
        merchantId: options.merchantId,
        cart: { total: 25, currency: "EUR" },
        token: "USDC",
        chainId: 8453,
      })
      if (!quote.ok) throw quote.error
      const intent = await client.createPoolDeposit({ quoteId: quote.value.quoteId })
      if (!intent.ok) throw intent.error
      return { quote: quote.value, intent: intent.value }
    }
    const fixtures = await Promise.all(Array.from({ length: RUNS }, quoteAndIntent))
    let i = 0
    await measure("verifyDepositIntent, cold (1 JSON-RPC batch)", () =>
      createChainVerifier({ chains: options.chains }).verifyDepositIntent(fixtures[i++ % RUNS]!),
    )
    const warm = createChainVerifier({ chains: options.chains })
    await warm.verifyDepositIntent(fixtures[0]!)
    await measure("verifyDepositIntent, warm (cached, no RPC)", () => warm.verifyDepositIntent(fixtures[i++ % RUNS]!))

    const logger = { info() {}, warn() {}, error() {}, debug() {}, log() {} } as unknown as Logger
    const deposit = new StablecoinDepositProviderService({ logger }, options)
    const connect = new StablecoinConnectProviderService({ logger }, options)
    const initiate = (provider: StablecoinBase) => () =>
      provider.initiatePayment({ amount: 25, currency_code: "eur", data: {} })
    await initiate(deposit)()
    await initiate(connect)()
    await measure("initiatePayment, deposit rail (quote+intent+verify)", initiate(deposit))
    await measure("initiatePayment, connect rail (quote+payment+verify)", initiate(connect))

    // The providers' shared client (one runtime per options object): note when the pool call's answer
    // arrived, so the plugin's own time after the service's last answer (verification, session data) shows.
    const shared = pluginRuntimeOf(options).client
    let lastAnswerAt = 0
    for (const call of ["createPoolDeposit", "createPoolConnect"] as const) {
      const original = shared[call] as (request: never) => Promise<unknown>
      const noted = async (request: never) => {
        const answer = await original(request)
        lastAnswerAt = performance.now()
        return answer
      }
      Object.assign(shared, { [call]: noted })
    }
    for (const [rail, provider] of [
      ["deposit", deposit],
      ["connect", connect],
    ] as const) {
      let end = 0
      const run = async () => {
        await initiate(provider)()
        end = performance.now()
      }
      await measure(`initiatePayment, ${rail}: after the service's last answer`, run, () => end - lastAnswerAt)
    }
  } finally {
    await sandbox.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
