import {
  BaseError as ViemBaseError,
  TransactionReceiptNotFoundError,
  erc20Abi,
  getAddress,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
} from "viem"
import { err, ok, type Result } from "../result"
import { ChainReadError, type ChainReadErrorType } from "./chain-read-error"

/** One ERC-20 `Transfer` log of a transaction. */
export type Erc20Transfer = { token: Address; from: Address; to: Address; value: bigint }

export type ReadErc20TransfersParameters = { client: PublicClient; chainId: number; txHash: Hex }
/** `found: false` when the chain has no receipt for the hash (unknown or not mined yet). */
export type ReadErc20TransfersReturnType = Promise<
  Result<
    { found: false } | { found: true; succeeded: boolean; blockNumber: bigint; transfers: Erc20Transfer[] },
    ChainReadErrorType
  >
>
export type ReadErc20TransfersErrorType = never

/**
 * Reads a transaction's receipt and decodes every ERC-20 `Transfer` event in it, from any
 * contract: the caller decides which token it trusts. A reverted transaction is reported, not
 * hidden, because its logs are empty and "no transfer" would mislead.
 * @example const read = await readErc20Transfers({ client, chainId: 8453, txHash })
 */
export async function readErc20Transfers({
  client,
  chainId,
  txHash,
}: ReadErc20TransfersParameters): ReadErc20TransfersReturnType {
  try {
    const receipt = await client.getTransactionReceipt({ hash: txHash })
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs, strict: true }).map(
      (log) => ({
        token: getAddress(log.address),
        from: getAddress(log.args.from),
        to: getAddress(log.args.to),
        value: log.args.value,
      }),
    )
    return ok({ found: true, succeeded: receipt.status === "success", blockNumber: receipt.blockNumber, transfers })
  } catch (cause) {
    if (cause instanceof ViemBaseError && cause.walk((e) => e instanceof TransactionReceiptNotFoundError))
      return ok({ found: false })
    return err(new ChainReadError({ chainId, read: "eth_getTransactionReceipt", cause }))
  }
}
