import { defineMiddlewares } from "@medusajs/framework/http"
import { adminStablecoinMiddlewares } from "./admin/stablecoin/route-middlewares"
import { webhookMiddlewares } from "./hooks/stablecoin/route-middlewares"
import { stablecoinErrorHandler } from "./stablecoin-error-handler"
import { storeStablecoinMiddlewares } from "./store/stablecoin/route-middlewares"

export default defineMiddlewares({
  errorHandler: stablecoinErrorHandler(),
  routes: [...webhookMiddlewares, ...adminStablecoinMiddlewares, ...storeStablecoinMiddlewares],
})
