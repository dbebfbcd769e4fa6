import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storefrontErrorAnswer, type StorefrontErrorAnswer } from "#src/lib/errors/storefront-error-answer"
import { STOREFRONT_ERROR_CODES } from "#src/lib/session-data"
import { isStablecoinSession } from "#src/modules/stablecoin/plugin-sessions"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"
import { StablecoinStoreError } from "#src/providers/stablecoin/core/stablecoin-store-error"

/**
 * What Medusa's locking providers (in-memory, Postgres, Redis) all say when a wait for a lock runs
 * out. They give it no code, and the in-memory and Postgres ones throw a plain Error, which
 * Medusa's handler answers 500 "An unknown error occurred".
 */
const MEDUSA_LOCK_WAIT_RAN_OUT = "Timed-out acquiring lock."
const CART_COMPLETION_PATH = /^\/store\/carts\/([^/]+)\/complete\/?$/

/** The refusal of a completion whose cart's order is being placed by someone else (the webhook): the storefront retries it. */
export const orderBeingPlacedError = () =>
  new StablecoinStoreError(
    STOREFRONT_ERROR_CODES.busy,
    "The order of this payment is being placed. Complete the order again in a moment.",
  )

export const isMedusaLockWaitRanOut = (error: unknown): boolean =>
  !!error && typeof error === "object" && (error as { message?: unknown }).message === MEDUSA_LOCK_WAIT_RAN_OUT

/**
 * The answer to a Medusa lock wait that ran out (isMedusaLockWaitRanOut) when the request is the
 * completion of a stablecoin cart: 409 `stablecoin_busy`, which the storefront retries, and a log
 * line naming the payment (docs/architecture.md#a-completions-lock-wait-that-runs-out-is-a-500).
 * Null for any other request or another provider's cart: Medusa's handler answers those.
 */
export async function completionLockWaitAnswer(
  req: Pick<MedusaRequest, "method" | "path" | "scope">,
): Promise<StorefrontErrorAnswer | null> {
  const cartId = req.method === "POST" ? CART_COMPLETION_PATH.exec(req.path)?.[1] : undefined
  if (!cartId) return null
  const cart = await req.scope.resolve<StablecoinModuleService>(STABLECOIN_MODULE).retrievePaymentSessionsOfCart(cartId)
  const session = cart?.sessions.find(isStablecoinSession)
  if (!session) return null
  req.scope
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `stablecoin: completing cart ${cartId} (payment ${String(session.data!.paymentId)}) waited longer than Medusa's completion waits for the cart's lock; answered ${STOREFRONT_ERROR_CODES.busy}, the storefront tries again.`,
    )
  return storefrontErrorAnswer(orderBeingPlacedError())
}
