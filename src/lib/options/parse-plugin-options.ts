import type { z } from "zod"
import { BaseError } from "../base-error"
import { pluginOptionsSchema, type PluginOptions } from "./plugin-options"

export class InvalidPluginOptionsError extends BaseError {
  override readonly name = "InvalidPluginOptionsError"
  readonly code = "invalid_plugin_options"
  constructor(readonly issues: string[]) {
    super("medusa-payment-stablecoin: invalid options.", {
      metaMessages: [
        ...issues.map((i) => `- ${i}`),
        "Fix these options in medusa-config.ts (see the README's options table).",
      ],
    })
  }
}

export type ParsePluginOptionsErrorType = InvalidPluginOptionsError

/**
 * Parses the plugin's options; throws at boot with every wrong or missing option named by its
 * path (`chains[0].factory`), never with a secret's value.
 * @example const options = parsePluginOptions(rawOptions)
 */
export function parsePluginOptions(raw: unknown): PluginOptions {
  const parsed = pluginOptionsSchema.safeParse(raw ?? {})
  if (parsed.success) return parsed.data
  throw new InvalidPluginOptionsError(
    parsed.error.issues.map((issue) => `${formatPath(issue.path) || "options"}: ${issue.message}`),
  )
}

function formatPath(path: z.core.$ZodIssue["path"]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("")
}
