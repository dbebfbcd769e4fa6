import { STOREFRONT_ERROR_CODES, type StorefrontErrorCode } from "../session-data"
import { isLockNotHadError } from "../locks/lock-not-had-error"
import { formatAnswerMessage } from "./answer-message"

/** The `name` of the plugin's Medusa-edge error class (StablecoinStoreError in src/providers/stablecoin/core/stablecoin-store-error.ts). */
export const STABLECOIN_STORE_ERROR_NAME = "StablecoinStoreError"

/** Medusa's error types the plugin's answers use (MedusaError.Types values), spelled out so this file stays framework-free. */
export type StorefrontErrorType =
  | "invalid_data"
  | "not_allowed"
  | "payment_authorization_error"
  | "unexpected_state"
  | "conflict"

type AnswerRule = { status: 400 | 409 | 422 | 503; type: StorefrontErrorType; retryAfterSeconds: number | null }

/**
 * Every storefront code's HTTP answer: the status, Medusa's error type, and the default wait for
 * the codes that mean "come back later" (overload answers 503 or 409 with
 * Retry-After, never 500). The statuses are those Medusa's own handler gave each type before.
 */
export const STOREFRONT_ERROR_ANSWERS = {
  [STOREFRONT_ERROR_CODES.poolNotDeployed]: { status: 400, type: "not_allowed", retryAfterSeconds: null },
  [STOREFRONT_ERROR_CODES.verificationFailed]: {
    status: 422,
    type: "payment_authorization_error",
    retryAfterSeconds: null,
  },
  [STOREFRONT_ERROR_CODES.quoteMismatch]: { status: 422, type: "payment_authorization_error", retryAfterSeconds: null },
  [STOREFRONT_ERROR_CODES.unsupportedCurrency]: { status: 400, type: "invalid_data", retryAfterSeconds: null },
  [STOREFRONT_ERROR_CODES.invalidAmount]: { status: 400, type: "invalid_data", retryAfterSeconds: null },
  [STOREFRONT_ERROR_CODES.serviceRefused]: { status: 400, type: "not_allowed", retryAfterSeconds: null },
  [STOREFRONT_ERROR_CODES.serviceUnavailable]: { status: 503, type: "unexpected_state", retryAfterSeconds: 10 },
  [STOREFRONT_ERROR_CODES.serviceRateLimited]: { status: 503, type: "unexpected_state", retryAfterSeconds: 5 },
  [STOREFRONT_ERROR_CODES.busy]: { status: 409, type: "conflict", retryAfterSeconds: 2 },
  /** About one block and one service read. */
  [STOREFRONT_ERROR_CODES.paymentNotInFlight]: { status: 409, type: "not_allowed", retryAfterSeconds: 3 },
} as const satisfies Record<StorefrontErrorCode, AnswerRule>

export type StorefrontErrorAnswer = {
  status: AnswerRule["status"]
  /** Sent as the `Retry-After` header (and in the message); null: no header. */
  retryAfterSeconds: number | null
  body: { code: StorefrontErrorCode; type: string; message: string }
}

/** The fields of a StablecoinStoreError the answer is made of: own properties, so a Medusa workflow's serialised copy has them too. */
export type StablecoinStoreErrorFields = {
  name: typeof STABLECOIN_STORE_ERROR_NAME
  code: StorefrontErrorCode
  type?: unknown
  message: string
  retryAfterSeconds?: unknown
}

const isStorefrontErrorCode = (code: unknown): code is StorefrontErrorCode =>
  typeof code === "string" && Object.hasOwn(STOREFRONT_ERROR_ANSWERS, code)

/**
 * A StablecoinStoreError, or the plain copy of one a Medusa workflow throws: a failed step's error
 * is stored as `serializeError(error)` (message, name and own properties: `code`, `type`,
 * `retryAfterSeconds`; no prototype), and `workflow.run()` throws that copy. Recognised by its
 * name and code, never by its message.
 */
function isStablecoinStoreError(error: unknown): error is StablecoinStoreErrorFields {
  if (!error || typeof error !== "object") return false
  const { name, code, message } = error as Partial<Record<keyof StablecoinStoreErrorFields, unknown>>
  return name === STABLECOIN_STORE_ERROR_NAME && isStorefrontErrorCode(code) && typeof message === "string"
}

/**
 * The HTTP answer to a plugin error, whoever throws it (the provider inside Medusa's workflows, a
 * plugin route), or to a plugin lock not had in time; null for anything else: Medusa's handler answers those.
 */
export function storefrontErrorAnswerOf(error: unknown): StorefrontErrorAnswer | null {
  if (isStablecoinStoreError(error)) return storefrontErrorAnswer(error)
  // A lock the plugin waited for in vain: overload, answered busy wherever it surfaces (a capture, a refund record).
  if (isLockNotHadError(error))
    return storefrontErrorAnswer({
      name: STABLECOIN_STORE_ERROR_NAME,
      code: STOREFRONT_ERROR_CODES.busy,
      message: "The payment is being updated.",
    })
  return null
}

/**
 * The HTTP answer to a plugin error. The wait is the error's own `retryAfterSeconds`, rounded up to
 * whole seconds, else the code's default; codes without a default have no wait.
 * @example storefrontErrorAnswer(new StablecoinStoreError("stablecoin_busy", "The payment is being updated."))
 * // { status: 409, retryAfterSeconds: 2, body: { code: "stablecoin_busy", type: "conflict", message: "[stablecoin_busy] The payment is being updated. Try again in 2 s." } }
 */
export function storefrontErrorAnswer(error: StablecoinStoreErrorFields): StorefrontErrorAnswer {
  const rule: AnswerRule = STOREFRONT_ERROR_ANSWERS[error.code]
  const own = error.retryAfterSeconds
  const retryAfterSeconds =
    rule.retryAfterSeconds === null
      ? null
      : typeof own === "number" && own > 0
        ? Math.ceil(own)
        : rule.retryAfterSeconds
  return {
    status: rule.status,
    retryAfterSeconds,
    body: {
      code: error.code,
      type: typeof error.type === "string" ? error.type : rule.type,
      message: formatAnswerMessage({ code: error.code, text: error.message, retryAfterSeconds }),
    },
  }
}
