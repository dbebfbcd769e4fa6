import { Container, Drawer, Heading, Select, StatusBadge, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { ATTENTION_KINDS } from "../../lib/ledger/attention"
import { STATUS_TABLE } from "../../lib/status"
import { ListPagination } from "./list-pagination"
import { formatAmount, formatDateTime } from "../lib/format"
import { usePayments } from "../lib/queries"
import type { AdminStablecoinPayment } from "../lib/types"
import { PaymentDetails } from "./payment-details"
import { PaymentStatusBadge } from "./payment-status-badge"
import { QueryState } from "./query-state"

const PAGE_SIZE = 20
const ALL = "all"

/** Where the payment belongs in the admin: its order, else its cart (payments that never became an order). */
const WhereLink = ({ payment }: { payment: AdminStablecoinPayment }) =>
  payment.order_id ? (
    <a href={`/app/orders/${payment.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover" onClick={(e) => e.stopPropagation()}>
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
  const [attention, setAttention] = useState<string>("any")
  const [status, setStatus] = useState<string>(ALL)
  const [pageIndex, setPageIndex] = useState(0)
  const [openId, setOpenId] = useState<string | null>(null)
  const { data, isPending, isError, error } = usePayments({
    attention: attention === ALL ? undefined : attention,
    status: status === ALL ? undefined : status,
    limit: PAGE_SIZE,
    offset: pageIndex * PAGE_SIZE,
  })
  const open = data?.payments.find((p) => p.id === openId) ?? null

  return (
    <Container className="divide-y p-0" data-testid="stablecoin-attention-payments">
      <div className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
        <div>
          <Heading level="h2">Payments</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {data ? `${data.count} ${data.count === 1 ? "payment" : "payments"}` : " "}
            {attention === "any" ? " needing attention" : ""}
          </Text>
        </div>
        <div className="flex items-center gap-x-2">
          <Select size="small" value={attention} onValueChange={(v) => (setAttention(v), setPageIndex(0))}>
            <Select.Trigger className="w-[200px]" data-testid="stablecoin-filter-attention">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="any">Needs attention (any)</Select.Item>
              <Select.Item value={ALL}>All payments</Select.Item>
              {Object.keys(ATTENTION_KINDS).map((kind) => (
                <Select.Item key={kind} value={kind}>
                  {kind}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Select size="small" value={status} onValueChange={(v) => (setStatus(v), setPageIndex(0))}>
            <Select.Trigger className="w-[160px]" data-testid="stablecoin-filter-status">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ALL}>Any status</Select.Item>
              {Object.keys(STATUS_TABLE).map((s) => (
                <Select.Item key={s} value={s}>
                  {s}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      </div>

      <QueryState
        isPending={isPending}
        error={isError ? error : null}
        isEmpty={data?.payments.length === 0}
        loading="Loading payments…"
        failed="The ledger could not be loaded"
        empty={attention === "any" ? "Nothing needs your attention." : "No payment matches these filters."}
        emptyTestId="stablecoin-payments-empty"
      >
        {() => (
          <>
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>Status</Table.HeaderCell>
                  <Table.HeaderCell>Attention</Table.HeaderCell>
                  <Table.HeaderCell>Expected</Table.HeaderCell>
                  <Table.HeaderCell>Received</Table.HeaderCell>
                  <Table.HeaderCell>Chain</Table.HeaderCell>
                  <Table.HeaderCell>Where</Table.HeaderCell>
                  <Table.HeaderCell>Created</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data!.payments.map((p) => (
                  <Table.Row key={p.id} className="cursor-pointer" onClick={() => setOpenId(p.id)} data-testid="stablecoin-payment-row" data-payment-id={p.id}>
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
                ))}
              </Table.Body>
            </Table>
            <ListPagination count={data!.count} pageSize={PAGE_SIZE} pageIndex={pageIndex} onPage={setPageIndex} />
          </>
        )}
      </QueryState>

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
