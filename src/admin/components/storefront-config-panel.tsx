import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { StorefrontRootsGap } from "../../lib/chain/read-storefront-trust-roots"
import { sdk } from "../lib/sdk"
import { QueryState } from "./query-state"

type StorefrontConfigAnswer = { env: string; gaps: StorefrontRootsGap[] }

/**
 * The line `npm run storefront:config` prints, built by the server (it reads each chain's pool and
 * forwarder init code hash through the store's RPC, whose URL never reaches this page).
 */
const useStorefrontConfig = () =>
  useQuery({
    queryKey: ["stablecoin", "storefront-config"],
    queryFn: () => sdk.client.fetch<StorefrontConfigAnswer>("/admin/stablecoin/storefront-config"),
    // The roots change only with the options or a pool's deployment: no re-read on focus.
    staleTime: 60_000,
  })

/** The storefront configuration (pinned trust roots) with a copy button: what the storefront's `.env.local` needs (docs/storefront.md, "Trust roots pinned in the browser"). */
export const StorefrontConfigPanel = () => {
  const { data, isPending, error } = useStorefrontConfig()
  const env = data?.env ?? ""
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-storefront-config">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col">
          <Heading level="h2">Storefront configuration</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            The trust roots your storefront pins at build time: paste this line into its .env.local and rebuild. The
            browser checks every payment address against them before showing it or asking a wallet to sign, and
            re-derives each deposit address from the pinned pool with no node.
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
              () => toast.error("Could not copy: select the text and copy it"),
            )
          }
        >
          Copy
        </Button>
      </div>
      <QueryState
        isPending={isPending}
        error={error}
        isEmpty={!env}
        loading="Reading the configuration…"
        failed="Could not read the configuration"
        empty="No chain is configured."
      >
        {() => (
          <>
            {data!.gaps.map((gap) => (
              <Text
                key={gap.chainId}
                size="small"
                className="text-ui-fg-error px-6 py-3"
                data-testid="stablecoin-storefront-gap"
                data-chain-id={gap.chainId}
              >
                Chain {gap.chainId}: no {gap.missing.join(" and ")} in this line ({gap.reason}). Storefronts built with
                it refuse this chain&apos;s deposit addresses; reload this page once the chain answers and copy the line
                again.
              </Text>
            ))}
            <pre
              className="txt-compact-xsmall overflow-x-auto whitespace-pre-wrap break-all px-6 py-4 font-mono"
              data-testid="stablecoin-storefront-env"
            >
              {env}
            </pre>
          </>
        )}
      </QueryState>
    </Container>
  )
}
