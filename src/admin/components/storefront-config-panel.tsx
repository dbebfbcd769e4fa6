import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { buildStorefrontTrustRoots } from "../../lib/chain/build-storefront-trust-roots"
import { formatStorefrontConfigEnv } from "../../lib/chain/format-storefront-config-env"
import type { TokenSymbol } from "../../lib/chain/types"
import { useHealth } from "../lib/queries"
import type { AdminChainHealth } from "../lib/types"
import { QueryState } from "./query-state"

/**
 * The storefront's env line from the configured roots, as `npm run storefront:config` prints it.
 * The health route already answers each chain's configured factory, payout and token addresses
 * with their configured decimals (the plugin options, not the chain's reads), so no route of its own.
 */
export function storefrontEnvOf(chains: AdminChainHealth[]): string {
  const roots = buildStorefrontTrustRoots({
    chains: chains.map((c) => ({
      chainId: c.chainId,
      factory: c.factory as `0x${string}`,
      payout: c.payout as `0x${string}`,
      tokens: Object.fromEntries(c.tokens.map((t) => [t.symbol as TokenSymbol, { address: t.address as `0x${string}`, decimals: t.configuredDecimals }])),
    })),
  })
  return formatStorefrontConfigEnv({ roots })
}

/** The storefront configuration (pinned trust roots) with a copy button: what the storefront's `.env.local` needs (README "Storefront"). */
export const StorefrontConfigPanel = () => {
  const { data, isPending, error } = useHealth()
  const env = data ? storefrontEnvOf(data.chains) : ""
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-storefront-config">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col">
          <Heading level="h2">Storefront configuration</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            The trust roots your storefront pins at build time: paste this line into its .env.local and rebuild. The browser checks every payment
            address against them before showing it or asking a wallet to sign.
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          className="shrink-0"
          disabled={!env}
          onClick={() =>
            navigator.clipboard.writeText(env).then(
              () => toast.success("Storefront configuration copied"),
              () => toast.error("Could not copy: select the text and copy it")
            )
          }
        >
          Copy
        </Button>
      </div>
      <QueryState isPending={isPending} error={error} isEmpty={!env} loading="Reading the configuration…" failed="Could not read the configuration" empty="No chain is configured.">
        {() => (
          <pre className="txt-compact-xsmall overflow-x-auto whitespace-pre-wrap break-all px-6 py-4 font-mono" data-testid="stablecoin-storefront-env">
            {env}
          </pre>
        )}
      </QueryState>
    </Container>
  )
}
