import { Badge, Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import type { ReactNode } from "react"
import { errorMessage, formatDateTime, shortHex } from "../lib/format"
import { useHealth, useTestConnection } from "../lib/queries"
import type {
  AdminChainHealth,
  AdminHealthCheck,
  AdminReconcileRunResult,
  AdminStablecoinHealth,
  AdminWebhookEvent,
} from "../lib/types"
import { eventTypeWords, WEBHOOK_STATE_WORDS } from "../lib/words"
import { HexText } from "./hex-text"
import { CHAIN_NAMES } from "../../lib/explorer/default-explorer-urls"

const Check = ({ label, check }: { label: string; check: AdminHealthCheck }) => (
  <div className="flex items-start gap-x-3 py-1" data-testid="stablecoin-health-check" data-ok={check.ok}>
    <StatusBadge color={check.ok ? "green" : "red"} className="shrink-0">
      {check.ok ? "ok" : "failed"}
    </StatusBadge>
    <div className="flex flex-col">
      <Text size="small" weight="plus">
        <HexText text={label} />
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        <HexText text={check.detail} />
      </Text>
    </div>
  </div>
)

const ChainCard = ({ chain }: { chain: AdminChainHealth }) => (
  <div
    className="flex flex-col gap-y-1 px-6 py-4"
    data-testid="stablecoin-chain-health"
    data-chain-id={chain.chainId}
    data-healthy={chain.healthy}
  >
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
      <Check
        key={t.symbol}
        label={`${t.symbol} decimals (${shortHex(t.address)}) configured ${t.configuredDecimals}`}
        check={t}
      />
    ))}
  </div>
)

type ReconcileRun = NonNullable<AdminStablecoinHealth["last_reconcile_run"]>
/** A run's recorded result; runs recorded before a figure existed lack it, so each part may be missing. */
type ReconcileResult = AdminReconcileRunResult

const Figure = ({ name, label, value, hint }: { name: string; label: string; value: ReactNode; hint?: string }) => (
  <div className="flex flex-col" data-testid="stablecoin-reconcile-figure" data-figure={name}>
    <Text size="xsmall" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" weight="plus" asChild>
      <div>{value}</div>
    </Text>
    {hint && (
      <Text size="xsmall" className="text-ui-fg-muted">
        {hint}
      </Text>
    )}
  </div>
)

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What went wrong in a run that finished, in words; empty when nothing did. */
function runProblems(result: ReconcileResult): string[] {
  const { failed = 0, rateLimited, webhookEvents, extraPayments, refundsOnChain, unfinishedOrders } = result
  const unreadableChains = Math.max(extraPayments?.failedChains ?? 0, refundsOnChain?.failedChains ?? 0)
  const eventsFailed = webhookEvents?.failed ?? 0
  const closesFailed = unfinishedOrders?.failed.length ?? 0
  return [
    failed > 0 && `${plural(failed, "status check", "status checks")} failed (retried on schedule)`,
    rateLimited && "the service asked to slow down; the rest waits for the next run",
    eventsFailed > 0 && `${plural(eventsFailed, "stored event", "stored events")} could not be applied yet`,
    unreadableChains > 0 && `${plural(unreadableChains, "chain", "chains")} could not be read`,
    closesFailed > 0 && `${plural(closesFailed, "order", "orders")} could not be canceled`,
  ].filter((problem): problem is string => typeof problem === "string")
}

/**
 * The last reconcile run as the merchant reads it: when, how long, and each count under a label;
 * the failures in words. A figure the run did not record is left out.
 */
const LastReconcileRun = ({ run, enabled }: { run: ReconcileRun | null; enabled: boolean }) => {
  if (!run) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {enabled ? "None yet" : "Disabled (reconcile.enabled is false)"}
      </Text>
    )
  }
  const result = run.result as ReconcileResult | null
  const ms = run.finished_at ? Date.parse(run.finished_at) - Date.parse(run.started_at) : null
  const problems = result ? runProblems(result) : []
  return (
    <div className="flex flex-col gap-y-3">
      <div className="flex flex-wrap items-center gap-x-2">
        <Text size="small" data-testid="stablecoin-reconcile-started">
          {formatDateTime(run.started_at)}
        </Text>
        {run.error ? (
          <StatusBadge color="red">failed</StatusBadge>
        ) : result ? (
          <StatusBadge color={problems.length ? "orange" : "green"}>
            {problems.length ? "finished with problems" : "finished"}
          </StatusBadge>
        ) : (
          <StatusBadge color="blue">running</StatusBadge>
        )}
        {ms !== null && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            took {ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`}
          </Text>
        )}
      </div>
      {run.error && (
        <Text size="small" className="text-ui-fg-error">
          {run.error}
        </Text>
      )}
      {result && (
        <div className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
          {result.polled !== undefined && (
            <Figure
              name="checked"
              label="Payments checked"
              value={result.polled}
              hint={
                result.selected !== undefined && result.selected > result.polled
                  ? `of ${result.selected} due, with the service`
                  : "with the payment service"
              }
            />
          )}
          <Figure
            name="captured"
            label="Captured"
            value={(result.captured ?? 0) + (result.webhookEvents?.captured ?? 0)}
            hint="payments captured in Medusa"
          />
          {result.extraPayments && (
            <Figure
              name="found-on-chain"
              label="Found on chain"
              value={result.extraPayments.receipts}
              hint="transfers the service did not report"
            />
          )}
          {result.webhookEvents && (
            <Figure
              name="events-applied"
              label="Events applied"
              value={result.webhookEvents.processed}
              hint="stored webhook events"
            />
          )}
          {result.refundsOnChain && (
            <Figure
              name="refunds-on-chain"
              label="Refunds found on chain"
              value={result.refundsOnChain.found}
              hint={
                result.refundsOnChain.nearMisses
                  ? `${plural(result.refundsOnChain.nearMisses, "near miss", "near misses")} to check`
                  : "sent refunds recorded"
              }
            />
          )}
          {result.unfinishedOrders && (
            <Figure
              name="unfinished-orders"
              label="Orders that never finish"
              value={result.unfinishedOrders.overdue}
              hint={`${result.unfinishedOrders.canceled} canceled`}
            />
          )}
          {result.serviceUnreachable !== undefined && (
            <Figure
              name="service-reachable"
              label="Service reachable"
              value={
                <StatusBadge color={result.serviceUnreachable ? "red" : "green"}>
                  {result.serviceUnreachable ? "No" : "Yes"}
                </StatusBadge>
              }
            />
          )}
        </div>
      )}
      {problems.length > 0 && (
        <Text size="small" className="text-ui-fg-error" data-testid="stablecoin-reconcile-problems">
          {problems.join("; ")}.
        </Text>
      )}
    </div>
  )
}

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
        The service reports {missing.count} payment{missing.count === 1 ? "" : "s"} paid, but this store received no
        webhook for {missing.count === 1 ? "it" : "them"}
      </Text>
    </div>
    <Text size="small" className="text-ui-fg-subtle">
      Register {webhookUrl()} as the webhook URL in the payment service, signed with a secret listed in webhookSecrets,
      and make it reachable from the service. Until then a paid order is captured only by the reconcile job (with
      captureOnReconcile) or by you. Latest:{" "}
      {missing.payments
        .slice(0, 3)
        .map((p) => p.payment_id)
        .join(", ")}
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
        {unconfirmed.count} payment{unconfirmed.count === 1 ? " shows" : "s show"} as captured in Medusa, but the
        payment service never confirmed {unconfirmed.count === 1 ? "it" : "them"} to this plugin
      </Text>
    </div>
    <Text size="small" className="text-ui-fg-subtle">
      Do not ship {unconfirmed.count === 1 ? "this order" : "these orders"} until you have checked the transaction on
      the chain. {unconfirmed.count === 1 ? "Payment" : "Latest"}:{" "}
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
      onSuccess: (r) =>
        (r.ok ? toast.success : toast.error)(r.ok ? "Service connection works" : "Service connection failed", {
          description: `${r.message} (${r.elapsed_ms} ms)`,
        }),
      onError: (e) => toast.error("Test failed", { description: errorMessage(e) }),
    })
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-health">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Health</Heading>
        <div className="flex items-center gap-x-2">
          <Button size="small" variant="secondary" onClick={() => refetch()} isLoading={isFetching && !isPending}>
            Check again
          </Button>
          <Button
            size="small"
            variant="secondary"
            onClick={onTest}
            isLoading={test.isPending}
            data-testid="stablecoin-test-connection"
          >
            Test connection
          </Button>
        </div>
      </div>
      {test.data && (
        <Text
          size="small"
          className={`px-6 py-3 ${test.data.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}`}
          data-testid="stablecoin-test-result"
        >
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
          <div className="flex flex-col gap-y-1 px-6 py-4">
            <Text size="small" weight="plus">
              Last webhook received
            </Text>
            <Text size="small" className="text-ui-fg-subtle" data-testid="stablecoin-last-webhook">
              {data.last_webhook
                ? `${formatDateTime(data.last_webhook.received_at)}: ${eventTypeWords(data.last_webhook.type)}, ${(WEBHOOK_STATE_WORDS[data.last_webhook.state as AdminWebhookEvent["state"]] ?? data.last_webhook.state).toLowerCase()}`
                : "None yet"}
            </Text>
          </div>
          <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="stablecoin-last-reconcile">
            <Text size="small" weight="plus">
              Last reconcile run
            </Text>
            <LastReconcileRun run={data.last_reconcile_run} enabled={data.settings.reconcile_enabled} />
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
