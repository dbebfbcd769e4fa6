import type { Address, PublicClient } from "viem"
import type { VerificationProof } from "#src/lib/chain/types"
import type StablecoinModuleService from "./service"
import { verificationOf, type LedgerPayment } from "./types"

/**
 * Where a payment's transfer goes, as proven when the payment was issued: the verified forwarder
 * (deposit) or pool (connect), with the proof and the chain's RPC client to read it. Null when the
 * row has no proof or the chain no RPC client: nothing can be read on chain for it.
 */
export function paymentRecipientOf(
  ledger: StablecoinModuleService,
  row: LedgerPayment,
): { proof: VerificationProof; client: PublicClient; recipient: Address } | null {
  const proof = verificationOf(row)
  const client = ledger.rpcClient(row.chain_id)
  const recipient = proof?.rail === "deposit" ? proof.forwarder : proof?.pool
  return proof && client && recipient ? { proof, client, recipient } : null
}
