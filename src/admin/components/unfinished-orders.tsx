import { Container, StatusBadge, Table, Text, Tooltip } from "@medusajs/ui"
import { formatAmount, formatDateTime } from "../lib/format"
import { useOverduePayments } from "../lib/queries"
import type { AdminOverduePayment, AdminUnfinishedOrder } from "../lib/types"
import { ListHeader, PagedTable, useFilteredList } from "./filtered-list"
import { PaymentStatusBadge } from "./payment-status-badge"

/** What the order waits on, in the merchant's words. */
const KIND_LABELS: Record<AdminUnfinishedOrder["kind"], string> = {
  underpaid: "Underpaid, no top-up",
  held_sanctioned: "Payer on compliance hold",
  wrong_token: "Wrong token sent",
  unconfirmed: "Transfer never confirmed",
}

/** What happens next: the reconcile job's cancel (or its refusal), or the merchant's decision. */
const NextStep = ({ order }: { order: AdminUnfinishedOrder }) =>
  order.close_failure ? (
    <Tooltip content={order.close_failure.error}>
      <StatusBadge color="red" data-testid="stablecoin-unfinished-close-failed">
        Cancel failed {formatDateTime(order.close_failure.at)}
      </StatusBadge>
    </Tooltip>
  ) : order.will_cancel ? (
    <StatusBadge color="orange">Canceled on the next run</StatusBadge>
  ) : (
    <Text size="xsmall" className="text-ui-fg-subtle">
      Cancel it, or wait (cancelUnpaidOrders is off)
    </Text>
  )

/**
 * Orders placed awaiting a stablecoin payment that cannot finish (underpaid with no top-up, a held
 * payer, a wrong token, a transfer that never confirmed), past the store's grace: their stock stays
 * reserved until they are canceled. Each with its number, what was received, the payment's status
 * and since when it waits.
 */
export const UnfinishedOrders = () => {
  const list = useFilteredList({})
  const query = useOverduePayments({ limit: list.query.limit, offset: list.query.offset })
  return (
    <Container className="divide-y p-0" data-testid="stablecoin-unfinished-orders">
      <ListHeader
        title="Orders that never finish"
        count={query.data?.count}
        noun={["order", "orders"]}
        suffix=" awaiting payment past the grace"
      >
        {null}
      </ListHeader>
      <PagedTable
        query={query}
        rows={(data) => data.payments}
        columns={["Order", "Waiting on", "Received", "Status", "Since", "Next"]}
        pagination={list.pagination}
        loading="Loading orders awaiting payment…"
        failed="Orders awaiting payment could not be loaded"
        empty="No order has waited for its payment past the grace."
        emptyTestId="stablecoin-unfinished-orders-empty"
      >
        {(p: AdminOverduePayment) => (
          <Table.Row
            key={p.id}
            data-testid="stablecoin-unfinished-order-row"
            data-order-id={p.unfinished_order.order_id}
          >
            <Table.Cell>
              <a
                href={`/app/orders/${p.unfinished_order.order_id}`}
                className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
              >
                #{p.unfinished_order.order_display_id}
              </a>
            </Table.Cell>
            <Table.Cell>{KIND_LABELS[p.unfinished_order.kind]}</Table.Cell>
            <Table.Cell>
              {p.amounts.received ? formatAmount(p.amounts.received, p.token_symbol) : "Nothing yet"}
              <Text size="xsmall" className="text-ui-fg-subtle">
                of {formatAmount(p.amounts.expected, p.token_symbol)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <PaymentStatusBadge payment={p} />
            </Table.Cell>
            <Table.Cell>
              {formatDateTime(p.unfinished_order.since)}
              <Text size="xsmall" className="text-ui-fg-subtle">
                overdue since {formatDateTime(p.unfinished_order.overdue_at)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <NextStep order={p.unfinished_order} />
            </Table.Cell>
          </Table.Row>
        )}
      </PagedTable>
    </Container>
  )
}
