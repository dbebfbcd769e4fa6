import { erc20Abi, getAbiItem, getAddress, type Address, type Hex, type PublicClient } from "viem"
import { err, ok, type Result } from "../result"
import { poolAbi } from "./abis"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"

/** One token movement into a payment's verified address, as the chain logged it. */
export type PaymentReceiptLog = {
  kind: "transfer" | "deposit"
  /** Deposit rail: the forwarder the transfer went to; connect rail: the pool. */
  to: Address
  /** Connect rail only: the `paymentRef` the deposit named. */
  paymentRef: Hex | null
  token: Address
  from: Address
  amount: bigint
  txHash: Hex
  logIndex: number
  blockNumber: bigint
}

export type ReadPaymentReceiptsParameters = {
  client: PublicClient
  chainId: number
  fromBlock: bigint
  toBlock: bigint
  /** Deposit rail: ERC-20 `Transfer`s of these tokens to these forwarders (one request for all of them). */
  transfers?: { tokens: Address[]; forwarders: Address[] }
  /** Connect rail: the pool's `Deposited` events with these payment references (one request for all of them). */
  deposits?: { pool: Address; paymentRefs: Hex[] }
}
export type ReadPaymentReceiptsReturnType = Promise<Result<PaymentReceiptLog[], ChainReadErrorType>>
export type ReadPaymentReceiptsErrorType = never

const transferEvent = getAbiItem({ abi: erc20Abi, name: "Transfer" })
const depositedEvent = getAbiItem({ abi: poolAbi, name: "Deposited" })

/** Where a log stands on the chain, or null for one a reorg removed or one not yet in a block. */
function placeOf(log: {
  removed: boolean
  transactionHash: Hex | null
  logIndex: number | null
  blockNumber: bigint | null
}) {
  if (log.removed || log.transactionHash === null || log.logIndex === null || log.blockNumber === null) return null
  return { txHash: log.transactionHash, logIndex: log.logIndex, blockNumber: log.blockNumber }
}

/**
 * Reads, over one bounded block range, every payment into a batch of verified addresses: at most
 * one `eth_getLogs` per rail, filtered by indexed topics (the forwarders as `to`, the payment
 * references as `paymentRef`), so the cost does not grow with the number of payments. The caller
 * attributes each log to its payment and checks the token; reverted transactions emit no logs.
 * @example const read = await readPaymentReceipts({ client, chainId: 8453, fromBlock: 100n, toBlock: 2099n, transfers: { tokens: [usdc], forwarders } })
 */
export async function readPaymentReceipts({
  client,
  chainId,
  fromBlock,
  toBlock,
  transfers,
  deposits,
}: ReadPaymentReceiptsParameters): ReadPaymentReceiptsReturnType {
  const found: PaymentReceiptLog[] = []
  try {
    if (transfers && transfers.forwarders.length && transfers.tokens.length) {
      const logs = await client.getLogs({
        address: transfers.tokens,
        event: transferEvent,
        args: { to: transfers.forwarders },
        fromBlock,
        toBlock,
        strict: true,
      })
      for (const log of logs) {
        const place = placeOf(log)
        if (place === null) continue
        found.push({
          kind: "transfer",
          to: getAddress(log.args.to),
          paymentRef: null,
          token: getAddress(log.address),
          from: getAddress(log.args.from),
          amount: log.args.value,
          ...place,
        })
      }
    }
  } catch (cause) {
    return err(new ChainReadError({ chainId, read: "eth_getLogs Transfer", cause }))
  }
  try {
    if (deposits && deposits.paymentRefs.length) {
      const logs = await client.getLogs({
        address: deposits.pool,
        event: depositedEvent,
        args: { paymentRef: deposits.paymentRefs },
        fromBlock,
        toBlock,
        strict: true,
      })
      for (const log of logs) {
        const place = placeOf(log)
        if (place === null) continue
        found.push({
          kind: "deposit",
          to: getAddress(log.address),
          paymentRef: log.args.paymentRef,
          token: getAddress(log.args.token),
          from: getAddress(log.args.from),
          amount: log.args.amount,
          ...place,
        })
      }
    }
  } catch (cause) {
    return err(new ChainReadError({ chainId, read: "eth_getLogs Deposited", cause }))
  }
  return ok(found)
}
