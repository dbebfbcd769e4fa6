/**
 * `npm run bench`: bench/initiate-payment.bench.ts, then bench/checkout.bench.ts, each in its own
 * process as before; one entry so that the command's arguments (`--help`) reach a parser.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { parseCommandLine } from "#scripts/cli-help"
import { CHECKOUT_BENCH_ENVIRONMENT } from "./lib/environment"

parseCommandLine({
  command: "npm run bench",
  usage: "",
  summary:
    "Measures the plugin's own checkout work in-process against the sandbox (bench/initiate-payment.bench.ts), then a real Medusa app of this repository against Medusa's pp_system_default (bench/checkout.bench.ts); writes bench/RESULTS.md.",
  options: {},
  environment: { BENCH_RUNS: "initiate-payment: measurements per figure (default 50)", ...CHECKOUT_BENCH_ENVIRONMENT },
  examples: ["npm run bench", "BENCH_ONLY=1,2 BENCH_SESSIONS=50 npm run bench"],
})

for (const bench of ["initiate-payment.bench.ts", "checkout.bench.ts"]) {
  const run = spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(__dirname, bench)], {
    stdio: "inherit",
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
