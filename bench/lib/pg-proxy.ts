import net from "node:net"

/**
 * A counting TCP proxy in front of Postgres: every byte passes unchanged; the frontend messages
 * are read on the side to count the statements Medusa sends (simple 'Q' and extended-protocol
 * 'E'xecute) and keep their text (from 'Q' and the preceding 'P'arse). `take()` returns what was
 * counted since the last call, so a sequential benchmark attributes statements to one request.
 */
export type PgProxy = { port: number; take(): string[]; stop(): Promise<void> }

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  let statements: string[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    sockets.add(client).add(upstream)
    let started = false
    let buf: Buffer = Buffer.alloc(0)
    let lastParse = ""
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk)
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk
      for (;;) {
        if (!started) {
          if (buf.length < 8) break
          const len = buf.readInt32BE(0)
          if (buf.length < len) break
          const code = buf.readInt32BE(4)
          if (code !== 80877103 && code !== 80877104) started = true
          buf = buf.subarray(len)
          continue
        }
        if (buf.length < 5) break
        const type = String.fromCharCode(buf[0]!)
        const len = buf.readInt32BE(1)
        if (buf.length < len + 1) break
        const body = buf.subarray(5, len + 1)
        if (type === "Q") statements.push(body.toString("utf8", 0, Math.max(0, body.length - 1)))
        else if (type === "P") {
          const nameEnd = body.indexOf(0)
          const queryEnd = body.indexOf(0, nameEnd + 1)
          lastParse = body.toString("utf8", nameEnd + 1, queryEnd)
        } else if (type === "E") statements.push(lastParse)
        buf = buf.subarray(len + 1)
      }
    })
    upstream.pipe(client)
    const close = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on("error", close).on("close", close)
    upstream.on("error", close).on("close", close)
  })
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    take() {
      const taken = statements
      statements = []
      return taken
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
