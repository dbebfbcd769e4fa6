import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { forward } from "../../reliability/harness/proxy"

/**
 * A pass-through HTTP proxy in front of the sandbox service that counts what reaches it, per
 * endpoint and per payment id in the body (`id` of pool-deposit-status). The plugin's baseUrl
 * points here, so the count is exactly the service requests the store made.
 */
export function useCountingProxy(target: () => string) {
  const requests: Array<{ endpoint: string; id: string | null; at: number }> = []
  const ref = {
    url: "",
    requests,
    count: (endpoint: string, id?: string) =>
      requests.filter((r) => r.endpoint === endpoint && (id === undefined || r.id === id)).length,
    reset: () => void requests.splice(0),
  }
  let server: Server | undefined
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const endpoint = new URL(req.url ?? "/", "http://x").pathname.slice(1)
      let id: string | null = null
      try {
        id = (JSON.parse(body.toString() || "{}") as { id?: string }).id ?? null
      } catch {
        // not JSON: counted without an id
      }
      requests.push({ endpoint, id, at: Date.now() })
      await forward(target(), req, body, res)
    })
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()))
    ref.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  })
  return ref
}
