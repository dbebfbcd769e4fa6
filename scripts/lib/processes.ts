import { execFileSync, spawn, type ChildProcess } from "node:child_process"

/**
 * Child processes for the scripts that install the plugin into a real store (pack-install,
 * storefront:guide): run a command to completion, time a step, and start a long-running server in
 * its own process group so that stopping it also ends what it spawned (pnpm -> medusa -> workers).
 */

/** Runs `cmd` to completion and returns its stdout; throws with its output when it fails. */
export function sh(cmd: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(cmd, argv, { cwd, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 }).toString()
}

/** Runs `fn`, stores its duration in seconds (one decimal) under `label` and logs it. */
export async function timed<T>(label: string, fn: () => Promise<T> | T, timings: Record<string, number>, log: (m: string) => void): Promise<T> {
  const started = Date.now()
  const value = await fn()
  timings[label] = Math.round((Date.now() - started) / 100) / 10
  log(`${label}: ${timings[label]} s`)
  return value
}

export type Service = {
  name: string
  process: ChildProcess
  /** The last few kB of its stdout and stderr, for an error message. */
  tail(): string
  stop(): Promise<void>
}

/** Starts a long-running command detached (own process group); its output is kept, not printed. */
export function startService(name: string, cmd: string, argv: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Service {
  const child = spawn(cmd, argv, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-6000))
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  return { name, process: child, tail: () => output, stop: () => stopGroup(child) }
}

/** SIGTERM to the whole group, SIGKILL after a grace period if anything is left. */
async function stopGroup(child: ChildProcess) {
  const signal = (sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, sig)
      return true
    } catch {
      return false // the group is gone
    }
  }
  if (!signal("SIGTERM")) return
  for (let i = 0; i < 20 && signal(0); i++) await new Promise((r) => setTimeout(r, 250))
  signal("SIGKILL")
}

/** Waits until `url` answers 2xx, failing early when the service exits or after `timeoutMs`. */
export async function waitForHttp(service: Service, url: string, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (service.process.exitCode !== null) throw new Error(`${service.name} exited (${service.process.exitCode}):\n${service.tail()}`)
    if (await fetch(url).then((r) => r.ok, () => false)) return
    if (Date.now() > deadline) throw new Error(`${service.name}: no answer from ${url} within ${timeoutMs / 1000} s:\n${service.tail()}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}
