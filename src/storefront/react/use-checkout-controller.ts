/// <reference lib="dom" />
import { useEffect, useMemo, useSyncExternalStore } from "react"
import {
  createCheckoutController,
  type CheckoutController,
  type CheckoutSnapshot,
  type CreateCheckoutControllerParameters,
} from "../create-checkout-controller"

/**
 * One checkout controller per cart for a component's lifetime, and its current snapshot (React 18
 * and 19: useSyncExternalStore). It resumes an existing session on mount and stops polling on unmount.
 */
export function useCheckoutController(parameters: CreateCheckoutControllerParameters): {
  controller: CheckoutController
  snapshot: CheckoutSnapshot
} {
  const { client, cart } = parameters
  const onOrderPlaced = parameters.onOrderPlaced
  // biome-ignore lint/correctness/useExhaustiveDependencies: one controller per client and cart; the other parameters are read through it when called
  const controller = useMemo(
    () => createCheckoutController({ ...parameters, onOrderPlaced: (id) => onOrderPlaced?.(id) }),
    [client, cart.id],
  )
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot)
  useEffect(() => {
    void controller.resume()
    return () => controller.stop()
  }, [controller])
  return { controller, snapshot }
}
