import { Button, Container, Heading, Select, StatusBadge, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { ListPagination } from "./list-pagination"
import { QueryState } from "./query-state"
import { errorMessage, formatDateTime } from "../lib/format"
import { useReprocessWebhookEvent, useWebhookEvents } from "../lib/queries"
import type { AdminWebhookEvent } from "../lib/types"

const PAGE_SIZE = 20
const STATE_COLORS = { received: "blue", processing: "blue", processed: "green", failed: "red", ignored: "grey" } as const

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
      onSuccess: (r) => (r.state === "processed" ? toast.success : toast.warning)(`Event ${r.state}`, { description: r.outcome ?? undefined }),
      onError: (e) => toast.error("Reprocess failed", { description: errorMessage(e) }),
    })
  }
  return (
    <Button size="small" variant="secondary" onClick={onClick} isLoading={reprocess.isPending} data-testid="stablecoin-reprocess">
      Reprocess
    </Button>
  )
}

/** The webhook event log: every signed event received, its state, attempts and outcome; failed events can be reprocessed. */
export const WebhookLog = () => {
  const [state, setState] = useState("all")
  const [pageIndex, setPageIndex] = useState(0)
  const { data, isPending, isError, error } = useWebhookEvents({ state: state === "all" ? undefined : state, limit: PAGE_SIZE, offset: pageIndex * PAGE_SIZE })
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-webhook-log">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">Webhook events</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {data ? `${data.count} ${data.count === 1 ? "event" : "events"}` : " "}
          </Text>
        </div>
        <Select size="small" value={state} onValueChange={(v) => (setState(v), setPageIndex(0))}>
          <Select.Trigger className="w-[160px]">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value="all">Any state</Select.Item>
            {Object.keys(STATE_COLORS).map((s) => (
              <Select.Item key={s} value={s}>
                {s}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      <QueryState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={data?.webhook_events.length === 0}
        loading="Loading events…"
        failed="The webhook log could not be loaded"
        empty="No webhook event received yet."
      >
        {() => (
          <>
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Event</Table.HeaderCell>
                  <Table.HeaderCell>State</Table.HeaderCell>
                  <Table.HeaderCell>Attempts</Table.HeaderCell>
                  <Table.HeaderCell>Outcome</Table.HeaderCell>
                  <Table.HeaderCell>Received</Table.HeaderCell>
                  <Table.HeaderCell>Processed</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data!.webhook_events.map((e) => (
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
                ))}
              </Table.Body>
            </Table>
            <ListPagination count={data!.count} pageSize={PAGE_SIZE} pageIndex={pageIndex} onPage={setPageIndex} />
          </>
        )}
      </QueryState>
    </Container>
  )
}
