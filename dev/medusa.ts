import path from "node:path"
import { run } from "./processes"

/** The repository's root and its Medusa CLI: the dev store, the test servers and the bench run this app. */
export const REPO_ROOT = path.resolve(__dirname, "..")
export const MEDUSA_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "medusa")

/** `medusa <args>` on this repository's app, to completion; resolves with its output. */
export function runMedusa(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return run(MEDUSA_BIN, args, { cwd: REPO_ROOT, env })
}

/** The JSON a `medusa exec` script printed on the line starting with `marker` (its stdout holds Medusa's logs too). */
export function readMarkedJson<T>(output: string, marker: string): T {
  const line = output.split("\n").find((l) => l.startsWith(marker))
  if (!line) throw new Error(`the script printed no ${marker.trim()} line:\n${output.slice(-2000)}`)
  return JSON.parse(line.slice(marker.length)) as T
}
