import { getAbiItem, getAddress, type Address, type Hex } from "viem"
import { poolAbi, testTokenAbi } from "#src/lib/chain/abis"
import type { ChainRuntime } from "../service/chain-runtime"
import type { Payment, Store } from "../service/state"
import { evaluatePayment, isFinal } from "./evaluate"

const transferEvent = getAbiItem({ abi: testTokenAbi, name: "Transfer" })
const depositedEvent = getAbiItem({ abi: poolAbi, name: "Deposited" })

export type ChainWatcherParameters = {
  runtime: ChainRuntime
  store: Store
  sanctioned: ReadonlySet<string>
  pollIntervalMs: number
  /** The sweeper is paused (holdSweeps fault). */
  sweepsHeld: () => boolean
  /** A payment reached its payment_confirmed moment (deposit: sweep landed; connect: paid). */
  onConfirmed: (payment: Payment) => void
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>

/**
 * Follows one chain: each tick reads the head, collects Transfer logs into known forwarders (any
 * token contract: a token other than the quoted one is a wrong_token) and Deposited logs of pools
 * (connect rail, by paymentRef), re-evaluates every open payment (expiry included, so it runs on
 * every tick even without new blocks) and sweeps the ones that settled. Ticks never overlap.
 */
export function createChainWatcher({
  runtime,
  store,
  sanctioned,
  pollIntervalMs,
  sweepsHeld,
  onConfirmed,
}: ChainWatcherParameters) {
  const { publicClient } = runtime
  let head: bigint | undefined
  let scanned: bigint | undefined
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let lastError: string | undefined
  const sweeps = new Set<Promise<void>>()
  const payers = new Map<Hex, Address>()

  const payerOf = async (hash: Hex): Promise<Address> => {
    let payer = payers.get(hash)
    if (!payer) {
      payer = getAddress((await publicClient.getTransaction({ hash })).from)
      payers.set(hash, payer)
    }
    return payer
  }

  const record = async (
    payment: Payment,
    log: { transactionHash: Hex | null; logIndex: number | null; blockNumber: bigint | null; address: Address },
    token: Address,
    amount: bigint,
  ) => {
    if (!log.transactionHash || log.blockNumber === null) return
    const key = `${log.transactionHash}:${log.logIndex}`
    if (payment.inbound.some((entry) => entry.key === key)) return
    const payer = await payerOf(log.transactionHash)
    const late = payment.status === "expired" || Date.now() > payment.expiresAt
    payment.inbound.push({
      key,
      txHash: log.transactionHash,
      blockNumber: log.blockNumber,
      token: getAddress(token),
      amount,
      payer,
      late,
    })
  }

  const scan = async (from: bigint, to: bigint, open: Payment[]) => {
    const deposits = open.filter((payment) => payment.rail === "deposit" && payment.forwarder)
    const connects = open.filter((payment) => payment.rail === "connect")
    if (deposits.length) {
      const byForwarder = new Map(deposits.map((payment) => [payment.forwarder!.toLowerCase(), payment]))
      const logs = await publicClient.getLogs({
        event: transferEvent,
        args: { to: deposits.map((payment) => payment.forwarder!) },
        fromBlock: from,
        toBlock: to,
      })
      for (const log of logs) {
        const payment = log.args.to && byForwarder.get(log.args.to.toLowerCase())
        if (payment && log.args.value !== undefined) await record(payment, log, log.address, log.args.value)
      }
    }
    if (connects.length) {
      const byRef = new Map(connects.map((payment) => [`${payment.pool.toLowerCase()}:${payment.paymentRef}`, payment]))
      const logs = await publicClient.getLogs({
        address: [...new Set(connects.map((payment) => payment.pool))],
        event: depositedEvent,
        args: { paymentRef: connects.map((payment) => payment.paymentRef) },
        fromBlock: from,
        toBlock: to,
      })
      for (const log of logs) {
        const payment = byRef.get(`${log.address.toLowerCase()}:${log.args.paymentRef}`)
        if (payment && log.args.token && log.args.amount !== undefined)
          await record(payment, log, log.args.token, log.args.amount)
      }
    }
  }

  const sweep = (payment: Payment) => {
    payment.sweep = { state: "pending" }
    const task = (async () => {
      try {
        const hash = await runtime.send(() =>
          runtime.wallet.writeContract({
            address: payment.pool,
            abi: poolAbi,
            functionName: "sweep",
            args: [payment.paymentRef, payment.tokenAddress],
          }),
        )
        payment.sweep = { state: "pending", txHash: hash }
        const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 20_000 })
        if (receipt.status !== "success") throw new Error(`sweep ${hash} reverted`)
        payment.sweep = { state: "landed", txHash: hash }
        if (payment.status === "paid") payment.status = "swept"
        onConfirmed(payment)
      } catch (error) {
        // Retried on a later tick; the forwarder keeps the funds until a sweep lands.
        payment.sweep = undefined
        lastError = error instanceof Error ? error.message : String(error)
      }
    })()
    sweeps.add(task)
    void task.finally(() => sweeps.delete(task))
  }

  const tick = async () => {
    // Head first, then the open payments: a payment created after this read is paid in a later block.
    const current = await publicClient.getBlockNumber()
    if (scanned === undefined || current < scanned) scanned = current // start, or a reverted snapshot
    const open = store
      .paymentsOnChain(runtime.chainId)
      .filter((payment) => !isFinal(payment) && payment.sweep === undefined)
    if (current > scanned && open.length) await scan(scanned + 1n, current, open)
    scanned = current
    head = current
    const now = Date.now()
    for (const payment of open) {
      const next = evaluatePayment(payment, { head: current, now, confirmations: runtime.confirmations, sanctioned })
      payment.status = next.status
      if (next.sweep && !sweepsHeld()) sweep(payment)
      else if (payment.rail === "connect" && next.status === "paid") onConfirmed(payment)
    }
  }

  /** Runs one tick after any running one; errors (an RPC that is down) are kept, not thrown. */
  const tickNow = (): Promise<void> => {
    running = running.then(() =>
      tick().then(
        () => void (lastError = undefined),
        (error) => void (lastError = error instanceof Error ? error.message : String(error)),
      ),
    )
    return running
  }

  const loop = async () => {
    if (stopped) return
    await tickNow()
    if (!stopped) timer = setTimeout(loop, pollIntervalMs)
  }

  return {
    start: () => void loop(),
    tickNow,
    /** Waits for the sweeps under way (a test's `mine` then sees their outcome). */
    settle: async () => {
      await Promise.all([...sweeps])
    },
    head: () => head,
    lastError: () => lastError,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
      // A sweep whose chain is already gone must not hold the shutdown.
      await Promise.race([Promise.all([...sweeps]), new Promise((resolve) => setTimeout(resolve, 3_000).unref())])
    },
  }
}
