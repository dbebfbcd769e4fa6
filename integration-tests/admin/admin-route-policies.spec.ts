import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { IRbacModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FeatureFlag, Modules } from "@medusajs/framework/utils"
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { ADMIN_STABLECOIN_POLICIES } from "#src/api/admin/stablecoin/route-middlewares"
import { openSession, paySession } from "#sandbox/customer/store-checkout"
import { eventually } from "#dev/store-checkout"
import { adminHeaders } from "../http/helpers/admin"
import { countOf, ledgerRow } from "../http/helpers/ledger"
import { useStablecoinStack } from "../http/helpers/stablecoin-stack"
import { buildStore, type StoreFixture } from "../http/helpers/store-fixtures"

jest.setTimeout(240_000)

// Role-based access is Medusa's `rbac` feature flag (MEDUSA_FF_RBAC). Medusa 2.21 registers the
// flag only after it has read medusa-config, whose default module list loads the RBAC module only
// when the flag is on: a store declares that module itself; here the flag is set before the config
// is read, to the same effect. admin-routes.spec.ts runs the same routes with the flag off.
process.env.MEDUSA_FF_RBAC = "true"
FeatureFlag.setFlag("rbac", true)

const stack = useStablecoinStack({ chains: [{ chainId: 8453, confirmations: 2 }] }, () => ({
  reconcile: { enabled: false },
}))

/** Every admin route file of the plugin and its methods, read from disk so a new route cannot go unchecked. */
function adminRoutes(): Array<["get" | "post", string]> {
  const root = join(__dirname, "../../src/api")
  const files = readdirSync(join(root, "admin/stablecoin"), { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith("route.ts"),
  )
  return files.flatMap((file) => {
    const path =
      "/" +
      relative(root, join(root, "admin/stablecoin", file))
        .replace(/\/route\.ts$/, "")
        .replace(/\[[^\]]+\]/g, "x")
    const methods = [
      ...readFileSync(join(root, "admin/stablecoin", file), "utf8").matchAll(/export const (GET|POST)\b/g),
    ].map((m) => m[1]!.toLowerCase() as "get" | "post")
    return methods.map((method): ["get" | "post", string] => [method, path])
  })
}

type Action = { resource: string; operation: string }
type Headers = { headers: Record<string, string> }

/**
 * A role holding exactly these policies, added to the admin's roles, and the admin's token
 * refreshed (Medusa puts the roles in the token when it issues it). A policy Medusa has not
 * registered (capture:create in 2.21) is created as an admin would through the RBAC API.
 */
async function grantRole(
  api: any,
  container: MedusaContainer,
  admin: Headers,
  actions: Action[] | "super_admin",
): Promise<Headers> {
  const rbac = container.resolve<IRbacModuleService>(Modules.RBAC)
  let roleId = "role_super_admin"
  if (actions !== "super_admin") {
    const policies = []
    for (const { resource, operation } of actions) {
      const key = `${resource}:${operation}`
      const [found] = await rbac.listRbacPolicies({ key })
      policies.push(found ?? (await rbac.createRbacPolicies({ key, resource, operation, name: key })))
    }
    const role = await rbac.createRbacRoles({ name: actions.map((a) => `${a.resource}:${a.operation}`).join(" ") })
    await rbac.createRbacRolePolicies(policies.map((p) => ({ role_id: role.id, policy_id: p.id })))
    roleId = role.id
  }
  const [user] = await container.resolve(Modules.USER).listUsers({ email: "merchant@example.com" })
  await container
    .resolve(ContainerRegistrationKeys.LINK)
    .create({ [Modules.USER]: { user_id: user!.id }, [Modules.RBAC]: { rbac_role_id: roleId } })
  const { data } = await api.post("/auth/token/refresh", {}, admin).catch((e: any) => {
    throw new Error(`token refresh answered ${e.response?.status}: ${JSON.stringify(e.response?.data)}`)
  })
  return { headers: { authorization: `Bearer ${data.token}` } }
}

const { read, capture, refund, update } = ADMIN_STABLECOIN_POLICIES

medusaIntegrationTestRunner({
  env: { MEDUSA_FF_RBAC: "true" },
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let container: MedusaContainer
    let admin: Headers
    beforeEach(async () => {
      container = getContainer()
      store = await buildStore(container)
      admin = await adminHeaders(api, container)
      stack.deliverTo(api)
    })

    const call = (method: "get" | "post", path: string, headers: Headers) =>
      (method === "get" ? api.get(path, headers) : api.post(path, {}, headers)).catch((e: any) => e.response)

    /** An underpaid payment: nothing captures it but the merchant's confirm. */
    async function underpaidRow() {
      const { d } = await openSession(api, store, "deposit")
      await paySession(stack.sandbox, d, BigInt(d.amount) / 2n)
      await stack.sandbox.mine(8453, 3)
      await stack.sandbox.waitForStatus(d.deposit.intentId, "underpaid", 20_000)
      return eventually(() => ledgerRow(container, d.paymentId))
    }

    it("every route still answers 401 without a session, and 403 to an admin without a role, as Medusa's payment routes do", async () => {
      const routes = adminRoutes()
      expect(routes.length).toBeGreaterThanOrEqual(9)
      expect(routes).toContainEqual(["post", "/admin/stablecoin/payments/x/confirm"])
      for (const [method, path] of routes) {
        expect([method, path, (await call(method, path, { headers: {} })).status]).toEqual([method, path, 401])
        expect([method, path, (await call(method, path, admin)).status]).toEqual([method, path, 403])
      }
      expect((await call("get", "/admin/payments", admin)).status).toBe(403)
    })

    it("a role without the capture permission is refused the confirm before anything runs; with it, the confirm captures", async () => {
      const row = await underpaidRow()
      const confirm = `/admin/stablecoin/payments/${row.id}/confirm`

      const viewer = await grantRole(api, container, admin, [read, update])
      expect((await call("get", `/admin/stablecoin/payments/${row.id}`, viewer)).status).toBe(200)
      const refused = await call("post", confirm, viewer)
      expect(refused.status).toBe(403)
      expect(refused.data.message).toContain("capture:create")
      // Medusa refuses its own capture to the same role, for the same permission.
      const medusaCapture = await call("post", "/admin/payments/pay_missing/capture", viewer)
      expect([medusaCapture.status, medusaCapture.data.message]).toEqual([
        403,
        expect.stringContaining("capture:create"),
      ])
      expect((await ledgerRow(container, row.payment_id))!.captured_at).toBeNull()
      expect(await countOf(container, "capture")).toBe(0)
      // Refresh is an update of the payment, which this role holds; recording a refund is not.
      expect((await call("post", `/admin/stablecoin/payments/${row.id}/refresh`, viewer)).status).not.toBe(403)
      expect((await call("post", `/admin/stablecoin/payments/${row.id}/refunds/r1/sent`, viewer)).status).toBe(403)

      // Roles add up: the admin now holds both.
      const capturer = await grantRole(api, container, admin, [read, capture])
      expect((await call("post", "/admin/payments/pay_missing/capture", capturer)).status).not.toBe(403)
      const confirmed = await call("post", confirm, capturer)
      expect(confirmed.status).toBe(200)
      expect(confirmed.data.payment).toMatchObject({ confirmed_by: "merchant", can_confirm: false })
      expect(await countOf(container, "capture")).toBe(1)
    })

    it("a role holding the capture permission but not payment reading is refused, as Medusa's /admin/payments/* asks for both", async () => {
      const captureOnly = await grantRole(api, container, admin, [capture])
      const res = await call("post", "/admin/stablecoin/payments/scpay_missing/confirm", captureOnly)
      expect([res.status, res.data.message]).toEqual([403, expect.stringContaining("payment:read")])
    })

    it("the super admin role acts on every route; recording a refund asks for refund:create", async () => {
      const refunder = await grantRole(api, container, admin, [read, refund])
      // Past the policy the route validates the body: 400, not 403.
      expect((await call("post", "/admin/stablecoin/payments/scpay_missing/refunds/r1/sent", refunder)).status).toBe(
        400,
      )
      expect((await call("post", "/admin/stablecoin/payments/scpay_missing/confirm", refunder)).status).toBe(403)

      const superAdmin = await grantRole(api, container, admin, "super_admin")
      for (const [method, path] of adminRoutes()) {
        expect([method, path, (await call(method, path, superAdmin)).status]).not.toEqual([method, path, 403])
      }
    })
  },
})
