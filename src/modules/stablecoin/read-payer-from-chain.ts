import type { Logger } from "@medusajs/framework/types"
import type { Hex } from "viem"
import { readPaymentPayer } from "#src/lib/chain/read-payment-payer"
import type StablecoinModuleService from "./service"
import { paymentRecipientOf } from "./payment-recipient"
import type { LedgerPayment } from "./types"

/**
 * The payer of a payment whose transaction is known but whose payer is not (a poll or the
 * merchant's confirm: a status record names no payer), read from the configured RPC: the sender
 * of the token transfer to the verified forwarder (deposit) or pool (connect). Best effort: a
 * down RPC leaves it unknown for now, and never stops a capture.
 */
export async function readPayerFromChain(
  ledger: StablecoinModuleService,
  logger: Logger,
  row: LedgerPayment,
  txHash: string,
): Promise<string | null> {
  const target = paymentRecipientOf(ledger, row)
  if (!target) return null
  const { proof, client, recipient } = target
  const read = await readPaymentPayer({
    client,
    chainId: row.chain_id,
    txHash: txHash as Hex,
    token: proof.token,
    recipient,
  })
  if (read.ok) return read.value
  logger.warn(
    `stablecoin: the payer of ${row.payment_id} could not be read from chain ${row.chain_id} (${read.error.shortMessage}); it is read again at the next observation.`,
  )
  return null
}
