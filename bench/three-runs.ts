/**
 * `node -r ts-node/register/transpile-only bench/three-runs.ts` (or `npm run bench:runs`): runs
 * bench/checkout.bench.ts BENCH_RUNS times (default 3), one after the other, each with its own
 * BENCH_OUT in bench/results/ (table + raw samples JSON), then writes a combined table: per paired
 * row, the ratio of medians and of p99s with its bootstrap 95 % interval in each run, and over the
 * samples of all runs pooled. Every other BENCH_* variable is passed on (sizes, BENCH_ONLY, BENCH_REDIS).
 * BENCH_COMBINE=a.json,b.json,... only combines existing runs' JSON files.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { parseCommandLine } from "#scripts/cli-help"
import { bootstrapRatios, formatInterval } from "./lib/bootstrap"
import { CHECKOUT_BENCH_ENVIRONMENT } from "./lib/environment"

// Each run gets its own BENCH_OUT; every other variable is passed on.
const passedOn = Object.fromEntries(Object.entries(CHECKOUT_BENCH_ENVIRONMENT).filter(([name]) => name !== "BENCH_OUT"))
parseCommandLine({
  command: "npm run bench:runs",
  usage: "",
  summary:
    "Runs bench/checkout.bench.ts several times, each into bench/results/, then writes a combined table: per paired row, each run's ratio with its bootstrap 95 % interval and the pooled one.",
  options: {},
  environment: {
    BENCH_RUNS: "How many runs (default 3)",
    BENCH_COMBINE: "a.json,b.json,…: only combine these runs' raw samples",
    BENCH_COMBINED_OUT: "Where the combined table goes (default bench/results/<time>-<variant>-combined.md)",
    ...passedOn,
  },
  examples: ["npm run bench:runs", "BENCH_RUNS=5 BENCH_REDIS=1 npm run bench:runs"],
})

type Raw = { started: string; variant: string; rows: { what: string; values?: number[]; base?: number[] }[] }

const dir = path.join(__dirname, "results")
const stamp = new Date().toISOString().replace(/[:.]/g, "-")
const variant = process.env.BENCH_REDIS === "1" ? "redis" : "postgres"

function runs(): string[] {
  if (process.env.BENCH_COMBINE) return process.env.BENCH_COMBINE.split(",").map((f) => path.resolve(f.trim()))
  const n = Number(process.env.BENCH_RUNS ?? 3)
  const files: string[] = []
  fs.mkdirSync(dir, { recursive: true })
  for (let k = 1; k <= n; k++) {
    const out = path.join(dir, `${stamp}-${variant}-run${k}.md`)
    process.stderr.write(`[three-runs] run ${k} of ${n} → ${path.relative(process.cwd(), out)}\n`)
    const r = spawnSync(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", path.join(__dirname, "checkout.bench.ts")],
      {
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...process.env, BENCH_OUT: out },
      },
    )
    if (r.status !== 0) throw new Error(`run ${k} exited ${r.status}`)
    files.push(out.replace(/\.md$/, ".json"))
  }
  return files
}

function combine(files: string[]) {
  const raws = files.map((f) => JSON.parse(fs.readFileSync(f, "utf8")) as Raw)
  const paired = [
    ...new Set(raws.flatMap((r) => r.rows.filter((x) => x.base?.length && x.values?.length).map((x) => x.what))),
  ]
  const head = `| What | ${raws.map((_, i) => `run ${i + 1}: median ratio [95 % CI]`).join(" | ")} | pooled: median ratio | ${raws.map((_, i) => `run ${i + 1}: p99 ratio`).join(" | ")} | pooled: p99 ratio |`
  const lines = [head, `|${"---|".repeat(2 * raws.length + 3)}`]
  for (const what of paired) {
    const per = raws.map((r) => r.rows.find((x) => x.what === what))
    const cis = per.map((x) => (x?.values?.length && x.base?.length ? bootstrapRatios(x.values, x.base) : undefined))
    const pooled = bootstrapRatios(
      per.flatMap((x) => x?.values ?? []),
      per.flatMap((x) => x?.base ?? []),
    )
    lines.push(
      `| ${what} | ${cis.map((c) => (c ? formatInterval(c.median) : "–")).join(" | ")} | ${formatInterval(pooled.median)} | ${cis.map((c) => (c ? formatInterval(c.p99) : "–")).join(" | ")} | ${formatInterval(pooled.p99)} |`,
    )
  }
  const md = [
    `# Combined runs (${raws.length}): ${[...new Set(raws.map((r) => r.variant))].join(", ")}`,
    "",
    `Runs: ${files.map((f, i) => `${i + 1} = ${path.basename(f)} (${raws[i]!.started})`).join("; ")}. "Pooled" bootstraps the samples of all runs together (2,000 resamples).`,
    "",
    ...lines,
    "",
  ].join("\n")
  const out = process.env.BENCH_COMBINED_OUT ?? path.join(dir, `${stamp}-${raws[0]?.variant ?? variant}-combined.md`)
  fs.writeFileSync(out, md)
  process.stdout.write(md)
  process.stderr.write(`[three-runs] written ${out}\n`)
}

combine(runs())
