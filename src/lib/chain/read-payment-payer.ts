import type { Address, Hex, PublicClient } from "viem"
import { err, ok, type Result } from "../result"
import type { ChainReadErrorType } from "./chain-read-error"
import { isSameAddress } from "./is-same-address"
import { readErc20Transfers } from "./read-erc20-transfers"

export type ReadPaymentPayerParameters = {
  client: PublicClient
  chainId: number
  txHash: Hex
  /** The payment's token: a transfer of any other contract is not the payment. */
  token: Address
  /** Where the payment lands: the forwarder (deposit rail) or the pool (connect rail). */
  recipient: Address
}

/**
 * The payer of a payment, read from the chain: the sender of the transaction's transfer of the
 * payment's token to its recipient. A status record names no payer, so a payment confirmed by a poll
 * learns it here (a surplus refund must name whom to pay). null when the transaction has no such
 * transfer, or several senders make it ambiguous.
 * @example const read = await readPaymentPayer({ client, chainId: 8453, txHash, token, recipient: forwarder })
 */
export async function readPaymentPayer({
  client,
  chainId,
  txHash,
  token,
  recipient,
}: ReadPaymentPayerParameters): Promise<Result<Address | null, ChainReadErrorType>> {
  const read = await readErc20Transfers({ client, chainId, txHash })
  if (!read.ok) return err(read.error)
  if (!read.value.found || !read.value.succeeded) return ok(null)
  const senders = new Set(
    read.value.transfers
      .filter((t) => isSameAddress(t.token, token) && isSameAddress(t.to, recipient))
      .map((t) => t.from),
  )
  return ok(senders.size === 1 ? [...senders][0]! : null)
}
