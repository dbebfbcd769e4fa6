import { Badge, Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import { errorMessage, formatDateTime, shortHex } from "../lib/format"
import { useHealth, useTestConnection } from "../lib/queries"
import type { AdminChainHealth, AdminHealthCheck, AdminStablecoinHealth } from "../lib/types"
import { CHAIN_NAMES } from "../../lib/explorer/default-explorer-urls"

const Check = ({ label, check }: { label: string; check: AdminHealthCheck }) => (
  <div className="flex items-start gap-x-3 py-1" data-testid="stablecoin-health-check" data-ok={check.ok}>
    <StatusBadge color={check.ok ? "green" : "red"} className="shrink-0">
      {check.ok ? "ok" : "failed"}
    </StatusBadge>
    <div className="flex flex-col">
      <Text size="small" weight="plus">
        {label}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {check.detail}
      </Text>
    </div>
  </div>
)

const ChainCard = ({ chain }: { chain: AdminChainHealth }) => (
  <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="stablecoin-chain-health" data-chain-id={chain.chainId} data-healthy={chain.healthy}>
    <div className="flex items-center gap-x-2 pb-1">
      <Text weight="plus">{CHAIN_NAMES[chain.chainId] ?? `Chain ${chain.chainId}`}</Text>
      <Badge size="2xsmall">{chain.chainId}</Badge>
      <StatusBadge color={chain.healthy ? "green" : "red"}>{chain.healthy ? "healthy" : "needs attention"}</StatusBadge>
      {chain.latestBlock && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          block {chain.latestBlock}
        </Text>
      )}
    </div>
    <Check label="RPC answers" check={chain.rpc} />
    <Check label="Chain id matches" check={chain.chainIdMatches} />
    <Check label={`Factory has code (${shortHex(chain.factory)})`} check={chain.factoryHasCode} />
    <Check label={`Merchant pool deployed (payout ${shortHex(chain.payout)})`} check={chain.poolDeployed} />
    {chain.tokens.map((t) => (
      <Check key={t.symbol} label={`${t.symbol} decimals (${shortHex(t.address)}) configured ${t.configuredDecimals}`} check={t} />
    ))}
  </div>
)

/** The backend this admin talks to: its webhook route is what the service must call. */
const webhookUrl = () => new URL("/hooks/stablecoin", __BACKEND_URL__ || window.location.origin).toString()

/**
 * Payments the service reports confirmed while no webhook reached the store: orders wait for the
 * reconcile job (or are never captured without captureOnReconcile), so the fix is named.
 */
const WebhooksMissing = ({ missing }: { missing: AdminStablecoinHealth["webhooks_missing"] }) => (
  <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="stablecoin-webhooks-missing">
    <div className="flex items-center gap-x-2">
      <StatusBadge color="red">no webhooks</StatusBadge>
      <Text size="small" weight="plus">
        The service reports {missing.count} payment{missing.count === 1 ? "" : "s"} paid, but this store received no webhook for {missing.count === 1 ? "it" : "them"}
      </Text>
    </div>
    <Text size="small" className="text-ui-fg-subtle">
      Register {webhookUrl()} as the webhook URL in the payment service, signed with a secret listed in webhookSecrets, and make it reachable from the
      service. Until then a paid order is captured only by the reconcile job (with captureOnReconcile) or by you. Latest: {missing.payments.slice(0, 3).map((p) => p.payment_id).join(", ")}
    </Text>
  </div>
)

/**
 * Payments Medusa shows captured that the plugin never confirmed: the order looks paid while
 * nothing the plugin trusts says so, so the merchant is told not to ship before checking the chain.
 */
const CapturesUnconfirmed = ({ unconfirmed }: { unconfirmed: AdminStablecoinHealth["captures_unconfirmed"] }) => (
  <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="stablecoin-captures-unconfirmed">
    <div className="flex items-center gap-x-2">
      <StatusBadge color="red">unconfirmed capture</StatusBadge>
      <Text size="small" weight="plus">
        {unconfirmed.count} payment{unconfirmed.count === 1 ? " shows" : "s show"} as captured in Medusa, but the payment service never confirmed{" "}
        {unconfirmed.count === 1 ? "it" : "them"} to this plugin
      </Text>
    </div>
    <Text size="small" className="text-ui-fg-subtle">
      Do not ship {unconfirmed.count === 1 ? "this order" : "these orders"} until you have checked the transaction on the chain. {unconfirmed.count === 1 ? "Payment" : "Latest"}:{" "}
      {unconfirmed.payments.slice(0, 3).map((p, i) => (
        <span key={p.id}>
          {i > 0 && ", "}
          {p.order_id ? (
            <a href={`/app/orders/${p.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
              {p.payment_id}
            </a>
          ) : (
            p.payment_id
          )}
        </span>
      ))}
    </Text>
  </div>
)

/**
 * The plugin's health, read live: each configured chain's checks, the last webhook received and
 * the last reconcile run, and a button that makes one authenticated request to the service.
 * Nothing secret is shown: no RPC URL, no api key.
 */
export const HealthPanel = () => {
  const { data, isPending, isError, error, refetch, isFetching } = useHealth()
  const test = useTestConnection()
  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (r) => (r.ok ? toast.success : toast.error)(r.ok ? "Service connection works" : "Service connection failed", { description: `${r.message} (${r.elapsed_ms} ms)` }),
      onError: (e) => toast.error("Test failed", { description: errorMessage(e) }),
    })
  const run = data?.last_reconcile_run
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-health">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Health</Heading>
        <div className="flex items-center gap-x-2">
          <Button size="small" variant="secondary" onClick={() => refetch()} isLoading={isFetching && !isPending}>
            Check again
          </Button>
          <Button size="small" variant="secondary" onClick={onTest} isLoading={test.isPending} data-testid="stablecoin-test-connection">
            Test connection
          </Button>
        </div>
      </div>
      {test.data && (
        <Text size="small" className={`px-6 py-3 ${test.data.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}`} data-testid="stablecoin-test-result">
          {test.data.message} ({test.data.elapsed_ms} ms)
        </Text>
      )}
      {isPending ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Reading the chains…
        </Text>
      ) : isError ? (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          Health could not be read: {errorMessage(error)}
        </Text>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-y-1 px-6 py-4 md:grid-cols-2">
            <div>
              <Text size="small" weight="plus">
                Last webhook received
              </Text>
              <Text size="small" className="text-ui-fg-subtle" data-testid="stablecoin-last-webhook">
                {data.last_webhook ? `${formatDateTime(data.last_webhook.received_at)} (${data.last_webhook.type}, ${data.last_webhook.state})` : "None yet"}
              </Text>
            </div>
            <div>
              <Text size="small" weight="plus">
                Last reconcile run
              </Text>
              <Text size="small" className="text-ui-fg-subtle" data-testid="stablecoin-last-reconcile">
                {run
                  ? `${formatDateTime(run.started_at)}: ${run.error ? `failed: ${run.error}` : run.result ? Object.entries(run.result).map(([k, v]) => `${k} ${String(v)}`).join(", ") : "running"}`
                  : data.settings.reconcile_enabled
                    ? "None yet"
                    : "Disabled (reconcile.enabled is false)"}
              </Text>
            </div>
          </div>
          {data.webhooks_missing.count > 0 && <WebhooksMissing missing={data.webhooks_missing} />}
          {data.captures_unconfirmed.count > 0 && <CapturesUnconfirmed unconfirmed={data.captures_unconfirmed} />}
          {data.chains.map((chain) => (
            <ChainCard key={chain.chainId} chain={chain} />
          ))}
        </>
      )}
    </Container>
  )
}
