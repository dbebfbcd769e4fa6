import type { Hex, PublicClient } from "viem"
import { checkRefundTransfer } from "../chain/check-refund-transfer"
import { readErc20Transfers } from "../chain/read-erc20-transfers"
import type { LedgerRefund } from "../ledger/refunds"
import type { PluginOptions } from "../options/plugin-options"
import { minedBeforeRecorded, unixSecondsOf } from "./mined-before-recorded"
import { refundDestinationOf } from "./refund-destination-of"

/** Why a transaction is not the refund, in the merchant's words, with what to do about it. */
export type RefundRejection = {
  code: "tx_not_found" | "tx_reverted" | "transfer_mismatch" | "sent_before_recorded" | "chain_unavailable"
  message: string
  failed?: string[]
}

export type RefundOnChainCheck =
  | { ok: true; blockNumber: string; sender: string }
  | { ok: false; rejection: RefundRejection }

/**
 * Reads `txHash` on the payment's chain (the configured RPC, a trust root) and checks that one of
 * its ERC-20 transfers moved exactly the refund's token amount of the payment's token from the
 * merchant (the chain's payout or one of its `refundSenders`) to the refund's destination (refundDestinationOf), mined after the refund
 * was recorded (an earlier transfer to the same payer settles no refund owed later). What the
 * merchant typed is only a pointer: the chain decides.
 */
export async function checkRefundOnChain({
  client,
  chain,
  tokenAddress,
  refund,
  txHash,
}: {
  client: PublicClient
  chain: PluginOptions["chains"][number]
  tokenAddress: string
  refund: LedgerRefund
  txHash: Hex
}): Promise<RefundOnChainCheck> {
  const read = await readErc20Transfers({ client, chainId: chain.chainId, txHash })
  if (!read.ok)
    return {
      ok: false,
      rejection: {
        code: "chain_unavailable",
        message: `${read.error.shortMessage} Try again when the chain's RPC answers.`,
      },
    }
  if (!read.value.found) {
    return {
      ok: false,
      rejection: {
        code: "tx_not_found",
        message: `tx_hash ${txHash} was not found on chain ${chain.chainId}: give the hash of the refund transfer on that chain, once it is mined.`,
      },
    }
  }
  if (!read.value.succeeded) {
    return {
      ok: false,
      rejection: {
        code: "tx_reverted",
        message: `tx_hash ${txHash} reverted and moved no tokens: send the refund again and give the new transaction's hash.`,
      },
    }
  }
  const senders = [chain.payout, ...chain.refundSenders]
  const check = checkRefundTransfer({
    transfers: read.value.transfers,
    expected: {
      token: tokenAddress,
      senders,
      to: refundDestinationOf(refund) as string,
      amount: BigInt(refund.tokenAmount),
    },
  })
  if (check.ok) {
    let minedAt: bigint
    try {
      minedAt = (await client.getBlock({ blockNumber: read.value.blockNumber })).timestamp
    } catch {
      return {
        ok: false,
        rejection: {
          code: "chain_unavailable",
          message: `The block of tx_hash ${txHash} could not be read on chain ${chain.chainId}. Try again when the chain's RPC answers.`,
        },
      }
    }
    if (minedBeforeRecorded(minedAt, refund.recordedAt)) {
      const at = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString()
      return {
        ok: false,
        rejection: {
          code: "sent_before_recorded",
          message: `tx_hash ${txHash} was mined at ${at(minedAt)}, before this refund was recorded (${at(unixSecondsOf(refund.recordedAt))}): an earlier transfer is not this refund. Send the refund and give the new transaction's hash.`,
        },
      }
    }
    return { ok: true, blockNumber: read.value.blockNumber.toString(), sender: check.transfer.from.toLowerCase() }
  }
  const words = {
    token: `token (expected ${tokenAddress})`,
    sender: `sender (expected the payout ${chain.payout}${chain.refundSenders.length ? ` or a refund sender: ${chain.refundSenders.join(", ")}` : ""}; add another sending wallet to the chain's refundSenders option)`,
    recipient: `recipient (expected ${refund.destination ? "the refund address the shopper gave" : "the payer"} ${refundDestinationOf(refund)})`,
    amount: `amount (expected ${refund.tokenAmount} base units)`,
  }
  const seen = check.closest
    ? ` The closest transfer moved ${check.closest.value} base units of ${check.closest.token} from ${check.closest.from} to ${check.closest.to}.`
    : " It has no ERC-20 transfer."
  return {
    ok: false,
    rejection: {
      code: "transfer_mismatch",
      failed: check.failed,
      message: `tx_hash ${txHash} is not this refund: its ${check.failed.map((f) => words[f]).join(", ")} did not match.${seen} Give the hash of the transfer that sent exactly this refund.`,
    },
  }
}
