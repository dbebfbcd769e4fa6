import { Button, Container, StatusBadge, Table, toast, usePrompt } from "@medusajs/ui"
import { ALL, filterOptions, ListFilter, ListHeader, PagedTable, useFilteredList } from "./filtered-list"
import { errorMessage, formatDateTime } from "../lib/format"
import { useReprocessWebhookEvent, useWebhookEvents } from "../lib/queries"
import type { AdminWebhookEvent } from "../lib/types"

const STATE_COLORS = {
  received: "blue",
  processing: "blue",
  processed: "green",
  failed: "red",
  ignored: "grey",
} as const
const STATE_OPTIONS = filterOptions([{ value: ALL, label: "Any state" }], Object.keys(STATE_COLORS))

const ReprocessButton = ({ event }: { event: AdminWebhookEvent }) => {
  const prompt = usePrompt()
  const reprocess = useReprocessWebhookEvent()
  const onClick = async () => {
    const go = await prompt({
      title: "Reprocess this webhook event?",
      description: `Event ${event.event_id} (${event.type}) failed ${event.attempts} time(s). It is processed again exactly as a delivery would be: checked against the ledger, and captured only if the status table allows it.`,
      confirmText: "Reprocess",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (!go) return
    reprocess.mutate(event.id, {
      onSuccess: (r) =>
        (r.state === "processed" ? toast.success : toast.warning)(`Event ${r.state}`, {
          description: r.outcome ?? undefined,
        }),
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
        columns={["Event", "State", "Attempts", "Outcome", "Received", "Processed", ""]}
        pagination={list.pagination}
        loading="Loading events…"
        failed="The webhook log could not be loaded"
        empty="No webhook event received yet."
      >
        {(e) => (
          <Table.Row key={e.id} data-testid="stablecoin-webhook-row" data-event-id={e.event_id} data-state={e.state}>
            <Table.Cell>
              <div className="flex flex-col">
                <span className="font-mono">{e.event_id}</span>
                <span className="text-ui-fg-subtle">
                  {e.type} · {e.payment_id ?? "no payment id"}
                </span>
              </div>
            </Table.Cell>
            <Table.Cell>
              <StatusBadge color={STATE_COLORS[e.state]}>{e.state}</StatusBadge>
            </Table.Cell>
            <Table.Cell>{e.attempts}</Table.Cell>
            <Table.Cell className="max-w-[280px] whitespace-normal break-words">{e.outcome ?? "—"}</Table.Cell>
            <Table.Cell>{formatDateTime(e.received_at)}</Table.Cell>
            <Table.Cell>{formatDateTime(e.processed_at)}</Table.Cell>
            <Table.Cell>{e.state === "failed" && <ReprocessButton event={e} />}</Table.Cell>
          </Table.Row>
        )}
      </PagedTable>
    </Container>
  )
}
