import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { ServiceError } from "./errors"
import { ENDPOINTS, malformBody, tamperQuoteBody, type Endpoint, type Faults } from "./faults"
import { createPoolConnect, createPoolDeposit, createQuote, poolDepositStatus, type ServiceContext } from "./handlers"
import type { Merchant } from "./merchants"

/** Operations of the `/_sandbox/` control prefix, implemented by startSandbox. */
export type ControlHandler = (method: string, path: string, body: unknown) => Promise<{ status: number; body: unknown }>

export type StartHttpServerParameters = {
  ctx: ServiceContext
  port: number
  merchantByKey: (apiKey: string) => Merchant | undefined
  rateLimit: (merchantId: string) => number | null
  faults: Faults
  control: ControlHandler
}

const MAX_BODY = 1_000_000
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"])

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) reject(new ServiceError(413 as number, "invalid_request", "Body too large."))
      else chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ServiceError(400, "invalid_request", "Body is not valid JSON.")
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.writableEnded || res.destroyed) return
  const text = JSON.stringify(body)
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers })
  res.end(text)
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, apikey",
}

const HANDLERS = {
  "create-quote": createQuote,
  "create-pool-connect": createPoolConnect,
  "create-pool-deposit": createPoolDeposit,
  "pool-deposit-status": poolDepositStatus,
} as const

/**
 * The service over HTTP on loopback: `POST /<endpoint>` with the `apikey` header, errors as
 * `{ error: { code, message } }`. Order per request: key (401), rate limit (429), injected
 * errors, the handler, then injected body corruption and latency (after processing, so a slow
 * response can hide an outcome that did happen, as on a real network).
 */
export async function startHttpServer({
  ctx,
  port,
  merchantByKey,
  rateLimit,
  faults,
  control,
}: StartHttpServerParameters) {
  /** Requests received per endpoint, whatever their answer: what a client sent the service. */
  const received: Record<Endpoint, number> = {
    "create-quote": 0,
    "create-pool-connect": 0,
    "create-pool-deposit": 0,
    "pool-deposit-status": 0,
  }
  const service = async (name: Endpoint, req: IncomingMessage, res: ServerResponse) => {
    received[name] += 1
    if (req.method !== "POST")
      return send(res, 405, new ServiceError(405, "invalid_request", "Use POST.").toBody(), CORS)
    const key = req.headers.apikey
    const merchant = typeof key === "string" ? merchantByKey(key) : undefined
    if (!merchant) {
      const message = key === undefined ? "Missing apikey header." : "Unknown apikey."
      return send(res, 401, new ServiceError(401, "unauthorized", message).toBody(), CORS)
    }
    let status = 200
    let body: unknown
    let headers: Record<string, string> = { ...CORS }
    try {
      const retryAfter = rateLimit(merchant.id)
      if (retryAfter !== null)
        throw new ServiceError(429, "rate_limited", "Rate limit exceeded.", { "retry-after": String(retryAfter) })
      const forced = faults.takeError(name)
      if (forced?.status === 429) {
        throw new ServiceError(429, "rate_limited", "Rate limit exceeded.", {
          "retry-after": String(forced.retryAfter),
        })
      }
      if (forced?.status === 502)
        throw new ServiceError(502, "upstream_unavailable", "Upstream chain data unavailable; retry.")
      const input = parseJson(await readBody(req))
      const tamper = name === "create-pool-connect" || name === "create-pool-deposit" ? faults.takeTamper() : undefined
      body = await HANDLERS[name](ctx, merchant, input, tamper)
      const quoteField = name === "create-quote" ? faults.takeQuoteTamper() : undefined
      if (quoteField) tamperQuoteBody(body, quoteField)
      const malformed = faults.takeMalformed(name)
      if (malformed) malformBody(body, malformed.kind)
    } catch (error) {
      if (error instanceof ServiceError) {
        status = error.status
        body = error.toBody()
        headers = { ...headers, ...error.headers }
      } else {
        status = 500
        body = new ServiceError(500, "internal_error", "Internal error.").toBody()
        console.error(`[sandbox] ${name} failed:`, error instanceof Error ? error.message : error)
      }
    }
    const latency = faults.latencyFor(name)
    if (latency > 0) await sleep(latency)
    send(res, status, body, headers)
  }

  const controlRoute = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? ""))
      return send(res, 403, { error: { code: "forbidden", message: "Loopback only." } })
    try {
      const input = req.method === "POST" ? parseJson(await readBody(req)) : undefined
      const result = await control(req.method ?? "GET", path, input)
      send(res, result.status, result.body)
    } catch (error) {
      if (error instanceof ServiceError) return send(res, error.status, error.toBody())
      send(res, 400, {
        error: { code: "invalid_request", message: error instanceof Error ? error.message : String(error) },
      })
    }
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS)
      return res.end()
    }
    const run = path.startsWith("/_sandbox/")
      ? controlRoute(req, res, path.slice("/_sandbox/".length))
      : (ENDPOINTS as readonly string[]).includes(path.slice(1))
        ? service(path.slice(1) as Endpoint, req, res)
        : Promise.resolve(send(res, 404, { error: { code: "not_found", message: `No endpoint ${path}.` } }, CORS))
    run.catch(() => send(res, 500, { error: { code: "internal_error", message: "Internal error." } }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    /** Requests received per endpoint since start (or the last reset). */
    requestCounts: (reset = false) => {
      const counts = { ...received }
      if (reset) for (const name of ENDPOINTS) received[name] = 0
      return counts
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
