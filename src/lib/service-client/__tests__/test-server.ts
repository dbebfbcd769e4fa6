import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo, Socket } from "node:net"

/** What the server does with the next request. */
export type ScriptedResponse =
  | { status: number; headers?: Record<string, string>; json?: unknown; text?: string }
  /** Reads the request, then destroys the socket without answering (a connection reset). */
  | { action: "destroy" }
  /** Reads the request and never answers (a timeout on the client). */
  | { action: "hang" }
  /** Sends a 200 with the start of a JSON body, then stalls (a timeout while reading the body). */
  | { action: "stall-body" }

export type RecordedRequest = {
  method: string | undefined
  path: string | undefined
  headers: IncomingHttpHeaders
  body: string
  socket: Socket
  receivedAt: number
}

export type TestServer = {
  /** Base URL, `http://127.0.0.1:<port>`. */
  url: string
  requests: RecordedRequest[]
  /** Queues responses, one per incoming request, in order. */
  reply: (...responses: ScriptedResponse[]) => void
  close: () => Promise<void>
}

/**
 * A real HTTP server on 127.0.0.1 answering scripted responses and recording each request, so the
 * client is tested over real sockets (no mocked fetch). Unscripted requests get a 599 to fail loudly.
 */
export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = []
  const queue: ScriptedResponse[] = []

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      requests.push({
        method: req.method,
        path: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        socket: req.socket,
        receivedAt: Date.now(),
      })
      const next = queue.shift() ?? { status: 599, text: "no scripted response" }
      if ("action" in next) {
        if (next.action === "destroy") req.socket.destroy()
        if (next.action === "stall-body") {
          res.writeHead(200, { "content-type": "application/json", "content-length": "1000" })
          res.write('{"id":')
        }
        return
      }
      const body = next.json !== undefined ? JSON.stringify(next.json) : (next.text ?? "")
      res.writeHead(next.status, {
        ...(next.json !== undefined ? { "content-type": "application/json" } : {}),
        ...next.headers,
      })
      res.end(body)
    })
  })

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...responses) => queue.push(...responses),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** A fresh test server for every test of the calling spec file, behind one stable handle. */
export function useTestServer(): TestServer {
  let current: TestServer | undefined
  beforeEach(async () => {
    current = await startTestServer()
  })
  afterEach(async () => {
    await current?.close()
  })
  const active = () => {
    if (!current) throw new Error("useTestServer: the server exists only inside a test")
    return current
  }
  return {
    get url() {
      return active().url
    },
    get requests() {
      return active().requests
    },
    reply: (...responses) => active().reply(...responses),
    close: () => active().close(),
  }
}
