import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { PolicyOperation } from "@medusajs/framework/utils"
import {
  AdminEmptyBody,
  AdminListStablecoinPayments,
  AdminListStablecoinWebhookEvents,
  AdminRecordRefundSent,
} from "./validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) => [
  validateAndTransformQuery(schema, { isList: false, defaults: [] }),
]

/**
 * Who may act, as Medusa's own routes declare it: a route's `policies` are checked against the
 * admin's roles only when Medusa's `rbac` feature flag is on, and ignored otherwise. Each action
 * asks for the permission of Medusa's route that does the same to a payment, so a role gets the
 * plugin's actions exactly where it already has Medusa's (docs/decisions.md, "Admin access").
 */
export const ADMIN_STABLECOIN_POLICIES = {
  /** Every route, as Medusa's `/admin/payments/*`: the ledger, events and health are payment data. */
  read: { resource: "payment", operation: PolicyOperation.read },
  /** The merchant's confirm captures, as Medusa's `POST /admin/payments/:id/capture`. */
  capture: { resource: "capture", operation: PolicyOperation.create },
  /** Recording a refund's transfer, as Medusa's `POST /admin/payments/:id/refund`. */
  refund: { resource: "refund", operation: PolicyOperation.create },
  /** Refresh and reprocess apply the service's answer to a payment (capturing only what the status table allows). */
  update: { resource: "payment", operation: PolicyOperation.update },
} as const

const { read, capture, refund, update } = ADMIN_STABLECOIN_POLICIES

/**
 * Validation of the admin routes under /admin/stablecoin (a bad field answers 400 naming it) and
 * their policies. Authentication is Medusa's own, for every /admin route.
 */
export const adminStablecoinMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/stablecoin/*", policies: [read] },
  { matcher: "/admin/stablecoin/payments", method: ["GET"], middlewares: query(AdminListStablecoinPayments) },
  {
    matcher: "/admin/stablecoin/webhook-events",
    method: ["GET"],
    middlewares: query(AdminListStablecoinWebhookEvents),
  },
  {
    matcher: "/admin/stablecoin/payments/:id/refunds/:refund_id/sent",
    method: ["POST"],
    middlewares: [validateAndTransformBody(AdminRecordRefundSent)],
    policies: [refund],
  },
  {
    matcher: "/admin/stablecoin/payments/:id/refresh",
    method: ["POST"],
    middlewares: [validateAndTransformBody(AdminEmptyBody)],
    policies: [update],
  },
  {
    matcher: "/admin/stablecoin/payments/:id/confirm",
    method: ["POST"],
    middlewares: [validateAndTransformBody(AdminEmptyBody)],
    policies: [capture],
  },
  {
    matcher: "/admin/stablecoin/webhook-events/:id/reprocess",
    method: ["POST"],
    middlewares: [validateAndTransformBody(AdminEmptyBody)],
    policies: [update],
  },
  {
    matcher: "/admin/stablecoin/test-connection",
    method: ["POST"],
    middlewares: [validateAndTransformBody(AdminEmptyBody)],
  },
]
