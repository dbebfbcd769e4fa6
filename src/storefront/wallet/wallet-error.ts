/** Why a wallet step stopped; every one of them can be retried after the customer acts. */
export type WalletErrorCode =
  | "no_wallet"
  | "rejected"
  | "wrong_chain"
  | "insufficient_balance"
  | "verification_failed"
  | "reverted"
  | "token_refuses_approval"
  | "wallet_error"

/** `check`: for verification_failed, the trust check that refused. */
export type WalletError = { code: WalletErrorCode; message: string; check?: string }

type Coded = { code?: unknown; cause?: unknown; shortMessage?: unknown; message?: unknown }

/** The first EIP-1193 / JSON-RPC error code in a cause chain (viem wraps the wallet's error). */
function rpcCodeOf(error: unknown): number | undefined {
  for (let e = error as Coded | undefined, depth = 0; e && depth < 8; e = e.cause as Coded | undefined, depth++) {
    if (typeof e.code === "number") return e.code
  }
  return undefined
}

/**
 * A wallet failure as a message the customer can act on. 4001 (EIP-1193 "user rejected") and
 * viem's UserRejectedRequestError become `rejected`; anything else keeps the wallet's short text.
 * @example walletErrorOf(await promise.catch((e) => e))
 */
export function walletErrorOf(error: unknown): WalletError {
  const code = rpcCodeOf(error)
  if (code === 4001 || (error as { name?: string })?.name === "UserRejectedRequestError") {
    return {
      code: "rejected",
      message: "You declined the request in your wallet. Nothing was sent; try again when ready.",
    }
  }
  const e = error as Coded
  const text =
    typeof e?.shortMessage === "string" ? e.shortMessage : typeof e?.message === "string" ? e.message : String(error)
  return { code: "wallet_error", message: `The wallet reported an error: ${text.split("\n")[0]}` }
}
