import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import path from "node:path"
import { DEV_MNEMONIC } from "./accounts"

export type StartAnvilParameters = {
  chainId: number
  /** Loopback port; a free one is picked when omitted. */
  port?: number
  /** Seconds between blocks; omitted means a block per transaction (automine). */
  blockTime?: number
}

export type Anvil = {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  stop(): Promise<void>
}

const PLATFORM: Record<string, string> = { x64: "amd64", arm64: "arm64" }

/** The anvil binary shipped inside the npm package for this platform (no download, no PATH). */
function anvilBinaryPath(): string {
  const arch = PLATFORM[process.arch]
  if (!arch) throw new Error(`anvil: no binary for architecture ${process.arch}`)
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  const dir = path.dirname(require.resolve(`${pkg}/package.json`))
  return path.join(dir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil")
}

export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      )
    })
  })
}

/** Whether `port` can be listened on now on 127.0.0.1. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/**
 * The first of `count` consecutive free ports, for a sandbox whose chains take the ports after its
 * own (fixed identity). Taken below Linux's ephemeral range (32768 up): a block inside it is soon
 * half-taken by other processes' client sockets and ephemeral listeners.
 */
export async function getFreePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (32_000 - 20_000 - count))
    let free = true
    for (let i = 0; i < count && free; i++) free = await canListen(base + i)
    if (free) return base
  }
  throw new Error(`no block of ${count} free ports found between 20000 and 32000`)
}

const running = new Set<ChildProcess>()
// Never leave an anvil behind, even when the parent dies on an uncaught error.
process.once("exit", () => {
  for (const child of running) if (child.pid) killQuietly(child.pid)
})

function killQuietly(pid: number) {
  try {
    process.kill(pid, "SIGKILL")
  } catch {
    // already gone
  }
}

/**
 * Starts anvil on loopback with the given chain id and resolves once it answers JSON-RPC.
 * @example const anvil = await startAnvil({ chainId: 8453 }); ...; await anvil.stop()
 */
export async function startAnvil({ chainId, port, blockTime }: StartAnvilParameters): Promise<Anvil> {
  const chosenPort = port ?? (await getFreePort())
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(chosenPort),
    "--chain-id",
    String(chainId),
    "--mnemonic",
    DEV_MNEMONIC,
    "--silent",
  ]
  if (blockTime !== undefined) args.push("--block-time", String(blockTime))
  const child = spawn(anvilBinaryPath(), args, { stdio: ["ignore", "ignore", "pipe"] })
  if (!child.pid) throw new Error("anvil: failed to start")
  running.add(child)
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const rpcUrl = `http://127.0.0.1:${chosenPort}`
  const pid = child.pid

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(pid, "SIGTERM")
      const timer = setTimeout(() => killQuietly(pid), 2_000)
      await exited
      clearTimeout(timer)
    }
    running.delete(child)
  }

  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}: ${stderr.trim()}`)
    try {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer on ${rpcUrl} within 15 s`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { chainId, port: chosenPort, rpcUrl, pid, stop }
}
