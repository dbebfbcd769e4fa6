/**
 * `node -r ts-node/register/transpile-only bench/profile-summary.ts <dir or .cpuprofile>`: what a
 * `node --cpu-prof` profile of the server (BENCH_PROFILE=dir npm run bench) spent its CPU on: self
 * time by where the code lives (the plugin's src/, Medusa, MikroORM/knex/pg, Node), and the
 * plugin's functions and chosen Medusa entry points by inclusive time (each sample counted once per function).
 */
import fs from "node:fs"
import path from "node:path"

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const arg = process.argv[2] ?? "bench/profile"
const file = fs.statSync(arg).isDirectory()
  ? fs
      .readdirSync(arg)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(arg, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!
  : arg
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const ROOT = path.resolve(__dirname, "..")
function category(url: string, fn: string) {
  if (!url)
    return fn === "(garbage collector)"
      ? "GC"
      : fn === "(idle)"
        ? "idle"
        : fn === "(program)"
          ? "program (native)"
          : "native/builtin"
  if (url.includes("/node_modules/")) {
    const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)
    const pkg = m?.[1] ?? "?"
    if (pkg.startsWith("@medusajs/")) return pkg
    if (pkg.startsWith("@mikro-orm/") || pkg === "knex" || pkg.startsWith("pg")) return "db driver (" + pkg + ")"
    return "other: " + pkg
  }
  if (url.startsWith("node:") || !url.includes("/")) return "node internals"
  if (url.includes(`${ROOT}/src/`)) return "plugin src/"
  return "other: " + url.replace(ROOT, ".")
}
const selfFn = new Map<string, number>()
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000
  let node = byId.get(profile.samples[i]!)!
  total += dt
  const cat = category(node.callFrame.url, node.callFrame.functionName)
  self.set(cat, (self.get(cat) ?? 0) + dt)
  const fnKey = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*node_modules\//, "").replace(`${ROOT}/`, "")}:${node.callFrame.lineNumber + 1}`
  selfFn.set(fnKey, (selfFn.get(fnKey) ?? 0) + dt)
  const seen = new Set<string>()
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    node = byId.get(id)!
    const { url, functionName, lineNumber } = node.callFrame
    if (
      !url.includes(`${ROOT}/src/`) &&
      !/processPaymentWorkflow|completeCartWorkflow|authorizePaymentSession|capturePayment|runMiddleware|verifyWebhookSignature/.test(
        functionName,
      )
    )
      continue
    const key = `${functionName || "(anonymous)"} ${url.replace(`${ROOT}/`, "").replace(/^file:\/\//, "")}:${lineNumber + 1}`
    if (seen.has(key)) continue
    seen.add(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + dt)
  }
}
const busy = total - (self.get("idle") ?? 0)
console.log(`profile ${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (not idle)\n`)
console.log("self time by where the code lives (share of busy time)")
for (const [k, v] of [...self]
  .filter(([k]) => k !== "idle")
  .sort((a, b) => b[1] - a[1])
  .slice(0, 18))
  console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(2).padStart(7)} s  ${k}`)
console.log("\nfunctions by self time (share of busy time)")
for (const [k, v] of [...selfFn]
  .filter(([k]) => !k.startsWith("(idle)"))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.TOP_SELF ?? 15)))
  console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(2).padStart(7)} s  ${k}`)
console.log("\ninclusive time of the plugin's functions (share of busy time)")
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30)))
  console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(2).padStart(7)} s  ${k}`)
