type Config = { headers?: Record<string, string> }

/**
 * A Medusa API over fetch, shaped like the test runner's axios client (`{ data }`, failures carry
 * `response`), so that the test helpers drive a server started outside the runner too.
 */
export function fetchApi(baseUrl: string) {
  const call = async (method: string, p: string, body: unknown, config: Config = {}) => {
    const res = await fetch(`${baseUrl}${p}`, {
      method,
      headers: { "content-type": "application/json", ...(config.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await res.json().catch(() => ({}))
    if (!res.ok)
      throw Object.assign(new Error(`${method} ${p}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`), {
        response: { status: res.status, data },
      })
    return { status: res.status, data }
  }
  return {
    defaults: { baseURL: baseUrl },
    get: (p: string, config?: Config) => call("GET", p, undefined, config),
    post: (p: string, body?: unknown, config?: Config) => call("POST", p, body ?? {}, config),
  }
}
