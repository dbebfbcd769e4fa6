import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Api = { post: Function }

/** An admin user logged in through the real emailpass route; returns headers with its bearer token. */
export async function adminHeaders(api: Api, container: MedusaContainer) {
  const credentials = { email: "merchant@example.com", password: "correct horse battery staple" }
  const user = await container.resolve(Modules.USER).createUsers({ email: credentials.email })
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await auth.register("emailpass", { body: credentials })
  if (error || !authIdentity) throw new Error(`admin user: ${error}`)
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  const { data } = await api.post("/auth/user/emailpass", credentials)
  return { headers: { authorization: `Bearer ${data.token}` } }
}
