import type { MiddlewareRoute } from "@medusajs/framework/http"

/** Validation of the store routes under /store/stablecoin (the publishable key is Medusa's, for every /store route). */
export const storeStablecoinMiddlewares: MiddlewareRoute[] = []
