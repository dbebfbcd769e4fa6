import http from "node:http"

/** A counting HTTP proxy in front of a JSON-RPC endpoint: `count(reset)` is the HTTP requests it passed on. */
export async function startRpcCounter(target: string) {
  let requests = 0
  const server = http.createServer((req, res) => {
    requests++
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", async () => {
      try {
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.concat(chunks),
        })
        res.writeHead(upstream.status, { "content-type": "application/json" })
        res.end(Buffer.from(await upstream.arrayBuffer()))
      } catch {
        res.writeHead(502).end()
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    count(reset = false) {
      const n = requests
      if (reset) requests = 0
      return n
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}
