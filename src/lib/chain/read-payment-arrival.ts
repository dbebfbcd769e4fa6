import { erc20Abi, type Address, type Hex, type PublicClient } from "viem"
import { err, ok, type Result } from "../result"
import { poolAbi } from "./abis"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"

export type ReadPaymentArrivalParameters = {
  client: PublicClient
  chainId: number
  rail: "deposit" | "connect"
  /** The payment's verified token. */
  token: Address
  /** Deposit rail: the verified forwarder. Connect rail: the verified pool. */
  recipient: Address
  paymentRef: Hex
  /** Connect rail: how many recent blocks to search for the pool's Deposited log. */
  lookbackBlocks: bigint
}

/**
 * How much of the payment the chain already shows on its way, in base units, read from the chain
 * now (the service lags it by a block or so): on the deposit rail what the forwarder holds of the
 * payment's token; on the connect rail the sum the pool logged as `Deposited` for the payment's
 * reference and token. One read each. Evidence that a transfer exists, never that it is enough:
 * only the webhook captures.
 * @example const read = await readPaymentArrival({ client, chainId: 8453, rail: "deposit", token, recipient: forwarder, paymentRef, lookbackBlocks: 2_000n })
 */
export async function readPaymentArrival({
  client,
  chainId,
  rail,
  token,
  recipient,
  paymentRef,
  lookbackBlocks,
}: ReadPaymentArrivalParameters): Promise<Result<bigint, ChainReadErrorType>> {
  try {
    if (rail === "deposit") {
      const balance = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      })
      return ok(balance)
    }
    const latest = await client.getBlockNumber()
    const logs = await client.getContractEvents({
      address: recipient,
      abi: poolAbi,
      eventName: "Deposited",
      args: { paymentRef, token },
      fromBlock: latest > lookbackBlocks ? latest - lookbackBlocks : 0n,
      toBlock: latest,
      strict: true,
    })
    return ok(logs.reduce((sum, log) => sum + log.args.amount, 0n))
  } catch (cause) {
    return err(
      new ChainReadError({
        chainId,
        read: rail === "deposit" ? "token.balanceOf(forwarder)" : "pool Deposited logs",
        cause,
      }),
    )
  }
}
