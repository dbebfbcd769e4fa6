import { MedusaError } from "@medusajs/framework/utils"
import type { ServiceClientError } from "../../../lib/service-client/errors"
import { STOREFRONT_ERROR_CODES } from "../../../lib/session-data"

/**
 * The Medusa edge of the service client: turns its typed failure into a MedusaError the store API
 * answers with. The stable code is both the error's `code` and the message's prefix, so a
 * storefront can recognise it whichever it reads.
 */
export function serviceErrorToMedusaError(error: ServiceClientError): MedusaError {
  if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return coded(MedusaError.Types.INVALID_DATA, error.code, `Stablecoin payment service refused ${error.endpoint}: ${error.serviceMessage ?? error.shortMessage}`)
  }
  return coded(
    MedusaError.Types.UNEXPECTED_STATE,
    STOREFRONT_ERROR_CODES.serviceUnavailable,
    `Stablecoin payment service unavailable (${error.endpoint}: ${error.shortMessage}). Try again shortly.`
  )
}

export function coded(type: (typeof MedusaError.Types)[keyof typeof MedusaError.Types], code: string, message: string): MedusaError {
  return new MedusaError(type, `[${code}] ${message}`, code)
}

/** The connect rail cannot be used on this chain: the storefront should offer the deposit rail. */
export function poolNotDeployedError(chainId: number): MedusaError {
  return coded(
    MedusaError.Types.NOT_ALLOWED,
    STOREFRONT_ERROR_CODES.poolNotDeployed,
    `The merchant's pool is not deployed on chain ${chainId}, so a wallet cannot pay it directly; use the deposit rail (provider stablecoin-deposit) instead.`
  )
}
