import { createReadStream, existsSync, mkdtempSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import type { DemoConfig } from "./src/demo-config"

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
}

export type DemoStorefront = { url: string; close(): Promise<void> }

/**
 * Builds the demo storefront with vite (a static bundle, ~10-20 s on 2 cores) into `outDir`.
 * Vite is loaded with import(): it is ESM only, and this file runs as CommonJS under ts-node and jest.
 */
export async function buildDemoStorefront(
  outDir = mkdtempSync(path.join(tmpdir(), "demo-storefront-")),
): Promise<string> {
  const vite = (await new Function("m", "return import(m)")("vite")) as typeof import("vite")
  await vite.build({
    root: __dirname,
    configFile: false,
    logLevel: "warn",
    base: "/",
    esbuild: { jsx: "automatic" },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  })
  return outDir
}

/**
 * Serves a built demo and /demo-config.json (the store URL, publishable key and, next to a local
 * chain only, the dev wallet's chains). Static files only: the page talks to Medusa directly
 * (the store's CORS allows the demo's origin).
 */
export async function serveDemoStorefront({
  dir,
  port = 8000,
  host = "localhost",
  config,
}: {
  dir: string
  port?: number
  host?: string
  config: DemoConfig
}): Promise<DemoStorefront> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost")
    if (url.pathname === "/demo-config.json") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
      return res.end(JSON.stringify(config))
    }
    let file = path.join(dir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""))
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, "index.html")
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => resolve())
  })
  const actual = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
