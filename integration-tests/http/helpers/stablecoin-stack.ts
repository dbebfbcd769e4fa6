import { startSandbox, type Sandbox, type SandboxOptions } from "#sandbox"
import { pluginOptionsFor } from "#sandbox/plugin-options-for"
import type { PluginOptionsInput } from "#src/lib/options/index"

/**
 * Starts the sandbox (with its anvils) before Medusa boots and hands the app its options through
 * STABLECOIN_OPTIONS, which medusa-config.ts reads. Call at the top level of a spec file, before
 * medusaIntegrationTestRunner: jest runs top-level hooks first.
 */
export function useStablecoinStack(
  options: SandboxOptions = {},
  overrides: (s: Sandbox) => Partial<PluginOptionsInput> = () => ({}),
) {
  const ref = {
    sandbox: undefined as unknown as Sandbox,
    /** Per test: no fault left over from the last test, and webhooks delivered to this app. */
    deliverTo(api: { defaults: { baseURL?: string } }) {
      ref.sandbox.faults.reset()
      ref.sandbox.setWebhookUrl(`${api.defaults.baseURL}/hooks/stablecoin`)
    },
  }
  beforeAll(async () => {
    ref.sandbox = await startSandbox({ webhookRetry: { baseDelayMs: 200, maxAttempts: 5 }, ...options })
    process.env.STABLECOIN_OPTIONS = JSON.stringify(pluginOptionsFor(ref.sandbox, overrides(ref.sandbox)))
  })
  afterAll(async () => {
    await ref.sandbox?.stop()
  })
  return ref
}
