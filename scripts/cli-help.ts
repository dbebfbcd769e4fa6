import { parseArgs } from "node:util"

/** A parseArgs option with what `--help` says about it; `value` names its argument ("<port>"). */
export type CliOption = {
  type: "string" | "boolean"
  multiple?: boolean
  short?: string
  default?: string | boolean | string[]
  description: string
  value?: string
}
export type CliOptions = Record<string, CliOption>

export type CliSpec<O extends CliOptions> = {
  /** How the README runs it, e.g. "npm run sandbox". */
  command: string
  /** What follows `--` on the usage line, e.g. "[options]"; empty for a command without arguments. */
  usage: string
  summary: string
  options: O
  /** Positional arguments are accepted (named in `usage`). */
  positionals?: boolean
  /** Environment variables the command reads, with what each does and its default. */
  environment?: Record<string, string>
  examples: string[]
}

/** The help text: usage line, summary, options (with defaults), environment, examples. */
export function formatHelp(spec: CliSpec<CliOptions>): string {
  const options: Array<[string, string]> = Object.entries(spec.options).map(([name, option]) => [
    `${option.short ? `-${option.short}, ` : ""}--${name}${option.type === "string" ? ` ${option.value ?? "<value>"}` : ""}`,
    `${option.description}${option.default === undefined || option.default === false ? "" : ` (default: ${String(option.default)})`}${option.multiple ? " (repeatable)" : ""}`,
  ])
  options.push(["-h, --help", "Print this help and exit"])
  const environment = Object.entries(spec.environment ?? {})
  const width = Math.max(...[...options, ...environment].map(([name]) => name.length)) + 2
  const rows = (list: Array<[string, string]>) => list.map(([name, text]) => `  ${name.padEnd(width)}${text}`)
  return [
    `Usage: ${spec.command}${spec.usage ? ` -- ${spec.usage}` : ""}`,
    "",
    spec.summary,
    "",
    "Options:",
    ...rows(options),
    ...(environment.length ? ["", "Environment:", ...rows(environment)] : []),
    "",
    spec.examples.length > 1 ? "Examples:" : "Example:",
    ...spec.examples.map((example) => `  ${example}`),
    "",
  ].join("\n")
}

/**
 * parseArgs over the spec's own options, so that the help and the parser cannot disagree: `--help`/`-h`
 * prints the help and exits 0 before the command starts anything; an unknown option or a missing
 * value exits 2 naming it.
 */
export function parseCommandLine<O extends CliOptions>(spec: CliSpec<O>, args: string[] = process.argv.slice(2)) {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(formatHelp(spec))
    process.exit(0)
  }
  try {
    return parseArgs({ args, options: spec.options, allowPositionals: spec.positionals ?? false, strict: true })
  } catch (error) {
    // Node's messages name the option ("Unknown option '--foo'. To specify a positional…"): its first sentence is kept.
    const message = error instanceof Error ? error.message.split(/\.\s/)[0] : String(error)
    process.stderr.write(`${spec.command}: ${message}. \`${spec.command} -- --help\` lists the options.\n`)
    process.exit(2)
  }
}
