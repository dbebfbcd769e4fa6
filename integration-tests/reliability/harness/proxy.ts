import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** Sends a received request on to `target` (same method, path, headers and body) and writes the answer back; returns its status. */
export async function forward(
  target: string,
  req: IncomingMessage,
  body: Buffer<ArrayBuffer>,
  res: ServerResponse,
): Promise<number> {
  const upstream = await fetch(`${target}${req.url}`, {
    method: req.method,
    headers: Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => !["host", "content-length", "connection"].includes(k))
        .map(([k, v]) => [k, String(v)]),
    ),
    body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
  })
  const bytes = Buffer.from(await upstream.arrayBuffer())
  const headers: Record<string, string> = {}
  upstream.headers.forEach((value, key) => {
    if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(key)) headers[key] = value
  })
  res.writeHead(upstream.status, headers)
  res.end(bytes)
  return upstream.status
}

export type ProxiedRequest = { path: string; at: number; status: number; body: string }

export type Proxy = {
  url: string
  /** Every request that reached the proxy while it was up, with the upstream's status (0: upstream unreachable). */
  requests: ProxiedRequest[]
  /** Stops listening and cuts open connections: a client gets ECONNREFUSED, as from a host that is down. */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  stop(): Promise<void>
}

/**
 * A pass-through HTTP proxy on a fixed loopback port that can be switched off and on: the
 * plugin's service URL and RPC URL, and the webhook URL the service posts to, point at one, so a
 * test can take the service, the chain's RPC or the store's receiver down and bring it back.
 * With several targets it spreads requests over them in turn, as a load balancer would.
 */
export async function startProxy(targets: () => string[], { record = true } = {}): Promise<Proxy> {
  const requests: ProxiedRequest[] = []
  let turn = 0
  let server: Server | undefined
  let port = 0
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const list = targets()
    const target = list[turn++ % list.length]!
    const entry: ProxiedRequest = {
      path: new URL(req.url ?? "/", "http://x").pathname,
      at: Date.now(),
      status: 0,
      body: record ? body.toString() : "",
    }
    if (record) requests.push(entry)
    try {
      entry.status = await forward(target, req, body, res)
    } catch {
      // The upstream is down: the client sees a dead host, not an answer.
      res.destroy()
    }
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve()
      server = createServer((req, res) => void handler(req, res))
      server.keepAliveTimeout = 1_000
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port
        resolve()
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server?.listening) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })
  await listen()
  return { url: `http://127.0.0.1:${port}`, requests, down: close, up: listen, stop: close }
}
