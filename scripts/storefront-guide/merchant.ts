import { ADMIN } from "./backend"

export const STABLECOIN_PROVIDERS = ["pp_stablecoin-deposit_stablecoin", "pp_stablecoin-connect_stablecoin"]

/**
 * What the guide tells a merchant to do once the backend runs, through the admin API (the same
 * calls the admin's Settings pages make): add the stablecoin providers to the starter's EUR region
 * and read the publishable key the storefront needs. Returns the key and the region's countries.
 */
export async function enableStablecoinInRegion(backendUrl: string) {
  const call = async (method: string, route: string, token?: string, body?: unknown) => {
    const res = await fetch(`${backendUrl}${route}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<any>
  }
  const { token } = await call("POST", "/auth/user/emailpass", undefined, ADMIN)
  const { regions } = await call(
    "GET",
    "/admin/regions?fields=id,name,currency_code,*countries,*payment_providers",
    token,
  )
  const region = regions.find((r: { currency_code: string }) => r.currency_code === "eur")
  if (!region)
    throw new Error(`no EUR region in the starter's seed: ${regions.map((r: { name: string }) => r.name).join(", ")}`)
  const providers = [
    ...new Set([...region.payment_providers.map((p: { id: string }) => p.id), ...STABLECOIN_PROVIDERS]),
  ]
  await call("POST", `/admin/regions/${region.id}`, token, { payment_providers: providers })
  const { api_keys } = await call("GET", "/admin/api-keys?type=publishable", token)
  if (!api_keys?.[0]?.token) throw new Error("the starter's seed made no publishable key")
  return {
    publishableKey: api_keys[0].token as string,
    region: region.name as string,
    countries: region.countries.map((c: { iso_2: string }) => c.iso_2) as string[],
  }
}
