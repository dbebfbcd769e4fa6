import { Button, Container, StatusBadge, Table, Text, toast, Tooltip, usePrompt } from "@medusajs/ui"
import { ALL, filterOptions, ListFilter, ListHeader, PagedTable, useFilteredList } from "./filtered-list"
import { errorMessage, formatDateTime } from "../lib/format"
import { useReprocessWebhookEvent, useWebhookEvents } from "../lib/queries"
import type { AdminWebhookEvent } from "../lib/types"
import { eventTypeWords, outcomeWords, WEBHOOK_STATE_WORDS } from "../lib/words"
import { OrderLink } from "./order-link"

const STATE_COLORS = {
  received: "blue",
  processing: "blue",
  processed: "green",
  failed: "red",
  ignored: "grey",
} as const
const STATE_OPTIONS = filterOptions([{ value: ALL, label: "Any state" }], WEBHOOK_STATE_WORDS)

const ReprocessButton = ({ event }: { event: AdminWebhookEvent }) => {
  const prompt = usePrompt()
  const reprocess = useReprocessWebhookEvent()
  const onClick = async () => {
    const go = await prompt({
      title: "Reprocess this webhook event?",
      description: `The "${eventTypeWords(event.type)}" event${event.order_display_id != null ? ` of order #${event.order_display_id}` : ""} failed ${event.attempts === 1 ? "once" : `${event.attempts} times`}. It is processed again exactly as a delivery would be: checked against the ledger, and captured only if the status table allows it.`,
      confirmText: "Reprocess",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (!go) return
    reprocess.mutate(event.id, {
      onSuccess: (r) =>
        (r.state === "processed" ? toast.success : toast.warning)(
          `Event ${WEBHOOK_STATE_WORDS[r.state as AdminWebhookEvent["state"]]?.toLowerCase() ?? r.state}`,
          { description: r.outcome ? outcomeWords(r.outcome) : undefined },
        ),
      onError: (e) => toast.error("Reprocess failed", { description: errorMessage(e) }),
    })
  }
  return (
    <Button
      size="small"
      variant="secondary"
      onClick={onClick}
      isLoading={reprocess.isPending}
      data-testid="stablecoin-reprocess"
    >
      Reprocess
    </Button>
  )
}

/** The webhook event log: every signed event received, its state, attempts and outcome; failed events can be reprocessed. */
export const WebhookLog = () => {
  const list = useFilteredList({ state: ALL })
  const query = useWebhookEvents(list.query)
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-webhook-log">
      <ListHeader title="Webhook events" count={query.data?.count} noun={["event", "events"]}>
        <ListFilter list={list} name="state" options={STATE_OPTIONS} className="w-[160px]" />
      </ListHeader>
      <PagedTable
        query={query}
        rows={(data) => data.webhook_events}
        columns={["Event", "Order", "State", "Attempts", "Outcome", "Received", "Processed", ""]}
        pagination={list.pagination}
        loading="Loading events…"
        failed="The webhook log could not be loaded"
        empty="No webhook event received yet."
      >
        {(e) => (
          <Table.Row key={e.id} data-testid="stablecoin-webhook-row" data-event-id={e.event_id} data-state={e.state}>
            <Table.Cell>
              <div className="flex flex-col">
                <Tooltip content={<span className="font-mono">{e.type}</span>}>
                  <span>{eventTypeWords(e.type)}</span>
                </Tooltip>
                <Text size="xsmall" className="text-ui-fg-subtle font-mono">
                  {e.event_id}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle font-mono">
                  {e.payment_id ?? "no payment id"}
                </Text>
              </div>
            </Table.Cell>
            <Table.Cell data-testid="stablecoin-webhook-order">
              <OrderLink payment={e} fallback={e.payment_id ? "No order yet" : "—"} />
            </Table.Cell>
            <Table.Cell>
              <Tooltip content={<span className="font-mono">{e.state}</span>}>
                <StatusBadge color={STATE_COLORS[e.state]}>{WEBHOOK_STATE_WORDS[e.state]}</StatusBadge>
              </Tooltip>
            </Table.Cell>
            <Table.Cell>{e.attempts}</Table.Cell>
            <Table.Cell className="max-w-[240px] whitespace-normal break-words">
              {e.outcome ? (
                <Tooltip content={<span className="font-mono">{e.outcome}</span>}>
                  <span>{outcomeWords(e.outcome)}</span>
                </Tooltip>
              ) : (
                "—"
              )}
            </Table.Cell>
            <Table.Cell>{formatDateTime(e.received_at)}</Table.Cell>
            <Table.Cell>{formatDateTime(e.processed_at)}</Table.Cell>
            <Table.Cell>{e.state === "failed" && <ReprocessButton event={e} />}</Table.Cell>
          </Table.Row>
        )}
      </PagedTable>
    </Container>
  )
}
