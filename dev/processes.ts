import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import path from "node:path"

/**
 * Child processes of the dev tooling: run a command to completion, time a step, and start a
 * long-running server in its own process group, so that stopping it also ends what it spawned
 * (pnpm -> medusa -> workers).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `cmd` to completion and returns its stdout; throws with its output when it fails. */
export function sh(cmd: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(cmd, argv, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  }).toString()
}

/** Runs `cmd` to completion without blocking; resolves with stdout and stderr together, rejects with their tail. */
export function run(cmd: string, argv: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString()))
    child.stderr.on("data", (c: Buffer) => (out += c.toString()))
    child.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(cmd)} ${argv.join(" ")} exited ${code}:\n${out.slice(-3000)}`)),
    )
  })
}

/** Runs `fn`, stores its duration in seconds (one decimal) under `label` and logs it. */
export async function timed<T>(
  label: string,
  fn: () => Promise<T> | T,
  timings: Record<string, number>,
  log: (m: string) => void,
): Promise<T> {
  const started = Date.now()
  const value = await fn()
  timings[label] = Math.round((Date.now() - started) / 100) / 10
  log(`${label}: ${timings[label]} s`)
  return value
}

/** Sends `signal` to the child's whole process group; false when the group is gone. 0 only asks whether it is there. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-child.pid!, signal)
    return true
  } catch {
    return false
  }
}

/** Resolves once the child has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  )
}

export type StopOptions = { signal?: NodeJS.Signals; graceMs?: number }

/**
 * Stops a child started with `detached: true`: `signal` to its process group (SIGINT lets node
 * write a CPU profile), SIGKILL once `graceMs` have passed with any member left.
 */
export async function stopGroup(
  child: ChildProcess,
  { signal = "SIGTERM", graceMs = 10_000 }: StopOptions = {},
): Promise<void> {
  // The group, not only the child: members may outlive the child that started them.
  if (signalGroup(child, signal)) {
    for (const deadline = Date.now() + graceMs; Date.now() < deadline && signalGroup(child, 0); ) await sleep(250)
    signalGroup(child, "SIGKILL")
  }
  await exited(child)
}

/** Waits until `url` answers 2xx, failing early when the service exits or after `timeoutMs`. */
export async function waitForHttp(
  service: Pick<Service, "name" | "process" | "tail">,
  url: string,
  timeoutMs: number,
  intervalMs = 500,
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const child = service.process
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${service.name} exited (${child.exitCode ?? child.signalCode}):\n${service.tail()}`)
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    if (Date.now() > deadline)
      throw new Error(`${service.name}: no answer from ${url} within ${timeoutMs / 1000} s:\n${service.tail()}`)
    await sleep(intervalMs)
  }
}

export type Service = {
  name: string
  process: ChildProcess
  /** The last few kB of its stdout and stderr, for an error message. */
  tail(): string
  stop(options?: StopOptions): Promise<void>
}

/** Starts a long-running command detached (own process group); the last `keepChars` of its output are kept, not printed. */
export function startService(
  name: string,
  cmd: string,
  argv: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; keepChars?: number },
): Service {
  const child = spawn(cmd, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-(options.keepChars ?? 6000)))
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  return { name, process: child, tail: () => output, stop: (stop = { graceMs: 5000 }) => stopGroup(child, stop) }
}
