import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { AdminEmptyBody, AdminListStablecoinPayments, AdminListStablecoinWebhookEvents, AdminRecordRefundSent } from "./validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) => [validateAndTransformQuery(schema, { isList: false, defaults: [] })]

/**
 * Validation of the admin routes under /admin/stablecoin: a bad field answers 400 naming it.
 * Authentication is Medusa's own, for every /admin route.
 */
export const adminStablecoinMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/stablecoin/payments", method: ["GET"], middlewares: query(AdminListStablecoinPayments) },
  { matcher: "/admin/stablecoin/webhook-events", method: ["GET"], middlewares: query(AdminListStablecoinWebhookEvents) },
  { matcher: "/admin/stablecoin/payments/:id/refunds/:refund_id/sent", method: ["POST"], middlewares: [validateAndTransformBody(AdminRecordRefundSent)] },
  { matcher: "/admin/stablecoin/payments/:id/refresh", method: ["POST"], middlewares: [validateAndTransformBody(AdminEmptyBody)] },
  { matcher: "/admin/stablecoin/payments/:id/confirm", method: ["POST"], middlewares: [validateAndTransformBody(AdminEmptyBody)] },
  { matcher: "/admin/stablecoin/webhook-events/:id/reprocess", method: ["POST"], middlewares: [validateAndTransformBody(AdminEmptyBody)] },
  { matcher: "/admin/stablecoin/test-connection", method: ["POST"], middlewares: [validateAndTransformBody(AdminEmptyBody)] },
]
