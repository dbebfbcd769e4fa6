import { createHmac } from "node:crypto"

export type ComputeWebhookSignatureParameters = {
  /** Exact bytes as sent; a string is taken as UTF-8. */
  payload: Buffer | string
  secret: string
  /** Unix seconds, as written in `t=`. */
  timestamp: number
}
export type ComputeWebhookSignatureReturnType = Buffer
export type ComputeWebhookSignatureErrorType = never

/**
 * HMAC-SHA256 over `<timestamp>.<payload bytes>`: the one definition of the signed content,
 * shared by the signer and the verifier.
 *
 * @example
 * computeWebhookSignature({ payload: rawBody, secret, timestamp: 1700000000 }).toString("hex")
 */
export function computeWebhookSignature({
  payload,
  secret,
  timestamp,
}: ComputeWebhookSignatureParameters): ComputeWebhookSignatureReturnType {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(payload).digest()
}
