import { Container, Drawer, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { ATTENTION_LABELS } from "../../lib/ledger/attention"
import { SERVICE_STATUS_WORDS } from "../../lib/ledger/order-guidance"
import { formatAmount, formatDateTime } from "../lib/format"
import { usePayments } from "../lib/queries"
import { ALL, filterOptions, ListFilter, ListHeader, PagedTable, useFilteredList } from "./filtered-list"
import { OrderLink } from "./order-link"
import { PaymentDetails } from "./payment-details"
import { AttentionBadge, PaymentStatusBadge } from "./payment-status-badge"

/** The attention filter's default: every flagged payment, whatever its kind. */
const ANY_ATTENTION = "any"
/** Each kind in words; the code is what the route filters on. */
const ATTENTION_OPTIONS = filterOptions(
  [
    { value: ANY_ATTENTION, label: "Needs attention (any)" },
    { value: ALL, label: "All payments" },
  ],
  ATTENTION_LABELS,
)
const STATUS_OPTIONS = filterOptions([{ value: ALL, label: "Any service status" }], SERVICE_STATUS_WORDS)

/**
 * Payments needing attention (by default every flagged one, including those with no order),
 * filterable by attention kind and status, with their count; a row opens the payment's details
 * and actions in a drawer.
 */
export const AttentionPayments = () => {
  const list = useFilteredList({ attention: ANY_ATTENTION, status: ALL })
  const [openId, setOpenId] = useState<string | null>(null)
  const query = usePayments(list.query)
  const open = query.data?.payments.find((p) => p.id === openId) ?? null
  const needingAttention = list.filters.attention === ANY_ATTENTION

  return (
    <Container className="divide-y p-0" data-testid="stablecoin-attention-payments">
      <ListHeader
        title="Payments"
        count={query.data?.count}
        noun={["payment", "payments"]}
        suffix={needingAttention ? " needing attention" : ""}
      >
        <ListFilter
          list={list}
          name="attention"
          options={ATTENTION_OPTIONS}
          className="w-[200px]"
          testId="stablecoin-filter-attention"
        />
        <ListFilter
          list={list}
          name="status"
          options={STATUS_OPTIONS}
          className="w-[160px]"
          testId="stablecoin-filter-status"
        />
      </ListHeader>

      <PagedTable
        query={query}
        rows={(data) => data.payments}
        columns={["State", "Attention", "Expected", "Received", "Chain", "Order", "Created"]}
        pagination={list.pagination}
        loading="Loading payments…"
        failed="The ledger could not be loaded"
        empty={needingAttention ? "Nothing needs your attention." : "No payment matches these filters."}
        emptyTestId="stablecoin-payments-empty"
      >
        {(p) => (
          <Table.Row
            key={p.id}
            className="cursor-pointer"
            onClick={() => setOpenId(p.id)}
            data-testid="stablecoin-payment-row"
            data-payment-id={p.id}
          >
            <Table.Cell>
              <PaymentStatusBadge payment={p} />
            </Table.Cell>
            <Table.Cell>{p.attention ? <AttentionBadge payment={p} /> : "—"}</Table.Cell>
            <Table.Cell>{formatAmount(p.amounts.expected, p.token_symbol)}</Table.Cell>
            <Table.Cell data-testid="stablecoin-row-received" data-base-units={p.amounts.received?.base_units ?? ""}>
              {p.amounts.received ? formatAmount(p.amounts.received, p.token_symbol) : "Nothing yet"}
              {p.receipts.length > 1 && (
                <Text size="xsmall" className="text-ui-fg-subtle">
                  in {p.receipts.length} transfers
                </Text>
              )}
              {p.amounts.surplus && (
                <Text size="xsmall" className="text-ui-fg-subtle" data-testid="stablecoin-row-surplus">
                  {formatAmount(p.amounts.surplus, p.token_symbol)} to refund
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>
              {p.chain_name} · {p.rail}
            </Table.Cell>
            <Table.Cell data-testid="stablecoin-row-where">
              <OrderLink payment={p} />
            </Table.Cell>
            <Table.Cell>{formatDateTime(p.created_at)}</Table.Cell>
          </Table.Row>
        )}
      </PagedTable>

      <Drawer open={open !== null} onOpenChange={(o) => !o && setOpenId(null)}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>
              {open?.order_display_id != null ? `Order #${open.order_display_id}: ` : ""}
              <span className="font-mono">{open?.payment_id ?? "Stablecoin payment"}</span>
            </Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="overflow-y-auto p-0">
            {open && <PaymentDetails payment={open} showOrder />}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </Container>
  )
}
