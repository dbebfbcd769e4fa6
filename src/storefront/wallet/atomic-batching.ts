import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BaseError,
  type Address,
  type Hex,
  type WalletClient,
} from "viem"

/** The EIP-5792 capabilities viem's getCapabilities returns: by chain id, 0 for every chain. */
export type CapabilitiesByChain = Record<number, { atomic?: { status?: string } } | undefined>

/**
 * Whether the wallet executes a `wallet_sendCalls` batch atomically on `chainId` (EIP-5792's
 * `atomic` capability): "supported", or "ready" (the wallet upgrades the account, with the
 * payer's consent, when the batch is sent). A chain's own entry outranks the all-chains entry 0.
 * @example batchesAtomically({ 8453: { atomic: { status: "supported" } } }, 8453) // true
 */
export function batchesAtomically(capabilities: CapabilitiesByChain, chainId: number): boolean {
  const status = (capabilities[chainId]?.atomic ?? capabilities[0]?.atomic)?.status
  return status === "supported" || status === "ready"
}

/**
 * batchesAtomically for the connected wallet. A wallet without EIP-5792 answers
 * wallet_getCapabilities with 4200, -32601 or words of its own: any failure means "no", and the
 * payment goes in separate transactions, which every wallet can send.
 */
export async function walletBatchesAtomically(
  wallet: WalletClient,
  account: Address,
  chainId: number,
): Promise<boolean> {
  try {
    return batchesAtomically((await wallet.getCapabilities({ account })) as CapabilitiesByChain, chainId)
  } catch {
    return false
  }
}

/**
 * A finished batch (wallet_getCallsStatus): `paid` when it was included without a revert (status
 * 200, every receipt a success); `txHash` the last receipt's, the deposit's (it is the last call;
 * an atomic wallet may report a single receipt for the whole batch), null without receipts.
 * @example batchOutcome({ statusCode: 200, receipts: [{ status: "success", transactionHash }] }) // { paid: true, txHash }
 */
export function batchOutcome({
  statusCode,
  receipts = [],
}: {
  statusCode: number
  receipts?: ReadonlyArray<{ status: "success" | "reverted"; transactionHash: Hex }>
}) {
  return {
    paid: statusCode === 200 && receipts.length > 0 && receipts.every((receipt) => receipt.status === "success"),
    txHash: receipts.at(-1)?.transactionHash ?? null,
  }
}

/**
 * Whether wallet_sendCalls failed because the wallet will not batch atomically after all: the
 * payer declined the account upgrade a "ready" wallet asked for (5750), or the wallet refused the
 * atomicity it advertised (5760). Separate transactions can still pay.
 */
export function declinedAtomicBatch(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => e instanceof AtomicReadyWalletRejectedUpgradeError || e instanceof AtomicityNotSupportedError) !==
      null
  )
}
