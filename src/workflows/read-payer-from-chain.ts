import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Hex } from "viem"
import { createRpcClient } from "../lib/chain/create-rpc-client"
import { readPaymentPayer } from "../lib/chain/read-payment-payer"
import type { VerificationProof } from "../lib/chain/types"
import type { PluginOptions } from "../lib/options"
import type { LedgerPaymentRow } from "../modules/stablecoin/ledger-update-from-judgement"

/**
 * The payer of a payment whose transaction is known but whose payer is not (a poll or the merchant's
 * confirm: a status record names no payer), read from the configured RPC: the sender of the token
 * transfer to the verified forwarder (deposit) or pool (connect). Best effort: a down RPC leaves it
 * unknown for now, and never stops a capture.
 */
export async function readPayerFromChain(container: MedusaContainer, options: PluginOptions, row: LedgerPaymentRow, txHash: string): Promise<string | null> {
  const proof = row.verification as VerificationProof | null
  const chain = options.chains.find((c) => c.chainId === row.chain_id)
  const recipient = proof?.rail === "deposit" ? proof.forwarder : proof?.pool
  if (!proof || !chain || !recipient) return null
  const read = await readPaymentPayer({
    client: createRpcClient({ rpcUrl: chain.rpcUrl, timeoutMs: options.rpcTimeoutMs }),
    chainId: chain.chainId,
    txHash: txHash as Hex,
    token: proof.token,
    recipient,
  })
  if (read.ok) return read.value
  container.resolve(ContainerRegistrationKeys.LOGGER).warn(`stablecoin: the payer of ${row.payment_id} could not be read from chain ${chain.chainId} (${read.error.shortMessage}); it is read again at the next observation.`)
  return null
}
