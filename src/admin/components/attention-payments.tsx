import { Container, Drawer, StatusBadge, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { ATTENTION_KINDS } from "../../lib/ledger/attention"
import { STATUS_TABLE } from "../../lib/status"
import { formatAmount, formatDateTime } from "../lib/format"
import { usePayments } from "../lib/queries"
import type { AdminStablecoinPayment } from "../lib/types"
import { PaymentDetails } from "./payment-details"
import { PaymentStatusBadge } from "./payment-status-badge"
import { ALL, filterOptions, ListFilter, ListHeader, PagedTable, useFilteredList } from "./filtered-list"

/** The attention filter's default: every flagged payment, whatever its kind. */
const ANY_ATTENTION = "any"
const ATTENTION_OPTIONS = filterOptions(
  [
    { value: ANY_ATTENTION, label: "Needs attention (any)" },
    { value: ALL, label: "All payments" },
  ],
  Object.keys(ATTENTION_KINDS),
)
const STATUS_OPTIONS = filterOptions([{ value: ALL, label: "Any status" }], Object.keys(STATUS_TABLE))

/** Where the payment belongs in the admin: its order, else its cart (payments that never became an order). */
const WhereLink = ({ payment }: { payment: AdminStablecoinPayment }) =>
  payment.order_id ? (
    <a
      href={`/app/orders/${payment.order_id}`}
      className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      onClick={(e) => e.stopPropagation()}
    >
      Order
    </a>
  ) : payment.cart_id ? (
    <span title={payment.cart_id}>Cart {payment.cart_id.slice(-8)}</span>
  ) : (
    <span className="text-ui-fg-muted">No order or cart</span>
  )

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
        columns={["Status", "Attention", "Expected", "Received", "Chain", "Where", "Created"]}
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
            <Table.Cell>{p.attention ? <StatusBadge color="orange">{p.attention}</StatusBadge> : "—"}</Table.Cell>
            <Table.Cell>{formatAmount(p.amounts.expected, p.token_symbol)}</Table.Cell>
            <Table.Cell>
              {formatAmount(p.amounts.received ?? p.amounts.confirmed, p.token_symbol)}
              {p.amounts.surplus && (
                <Text size="xsmall" className="text-ui-fg-subtle" data-testid="stablecoin-row-surplus">
                  {formatAmount(p.amounts.surplus, p.token_symbol)} to refund
                  {p.receipts.length > 1 ? ` (${p.receipts.length} payments)` : ""}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>
              {p.chain_name} · {p.rail}
            </Table.Cell>
            <Table.Cell>
              <WhereLink payment={p} />
            </Table.Cell>
            <Table.Cell>{formatDateTime(p.created_at)}</Table.Cell>
          </Table.Row>
        )}
      </PagedTable>

      <Drawer open={open !== null} onOpenChange={(o) => !o && setOpenId(null)}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title className="font-mono">{open?.payment_id ?? "Stablecoin payment"}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="overflow-y-auto p-0">{open && <PaymentDetails payment={open} />}</Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </Container>
  )
}
