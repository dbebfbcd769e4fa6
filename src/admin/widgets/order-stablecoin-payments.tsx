import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Alert, Container, Heading, Skeleton, Text, toast } from "@medusajs/ui"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { useEffect, useRef, useState, type ReactNode } from "react"
import { IN_FLIGHT_STATUSES, type ServiceStatus } from "../../lib/status"
import { HexText } from "../components/hex-text"
import { PaymentDetails } from "../components/payment-details"
import { RefundDueNotice } from "../components/refund-due-notice"
import { errorMessage, formatAmount, shortHex } from "../lib/format"
import { usePayments } from "../lib/queries"
import { refundViewOf } from "../lib/refund-view"
import { refundsNotInLedger } from "../lib/refunds-not-in-ledger"

/** How often the ledger is read while Medusa lists a refund it does not hold yet: every second for 30 s, then every 15 s. */
const CATCH_UP = { fastMs: 1_000, fastForMs: 30_000, slowMs: 15_000 }
/**
 * How often the ledger is read while a payment is not captured: what Medusa's Check status, a
 * webhook or the reconcile job found shows without a reload (a ledger read; the service is not asked).
 */
const UNCAPTURED_MS = 5_000

/** The widget's titled section, for the states before there are payments to show. */
const TitledSection = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <Container className="divide-y p-0" data-testid={testId}>
    <div className="px-6 py-4">
      <Heading level="h2">Stablecoin payment</Heading>
    </div>
    {children}
  </Container>
)

/**
 * The order page's view of its stablecoin payments, from the plugin's ledger: an order paid any
 * other way shows nothing at all (the widget renders null), so other merchants' pages stay as they are.
 * Medusa's Refund answers "successful" and refetches the order; the plugin's subscriber records
 * the refund in the ledger a moment later. The widget reads the ledger until it lists every refund
 * the order shows, then says what the merchant must still send.
 */
const OrderStablecoinPaymentsWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const behindSince = useRef<number | null>(null)
  const { data, isPending, isError, error } = usePayments(
    { order_id: order.id, limit: 20 },
    {
      refetchInterval: (list) => {
        if (!list || refundsNotInLedger(order, list.payments) === 0) {
          behindSince.current = null
          const waiting = order.status !== "canceled" && list?.payments.some((p) => !p.captured_at)
          return waiting ? UNCAPTURED_MS : false
        }
        behindSince.current ??= Date.now()
        return Date.now() - behindSince.current < CATCH_UP.fastForMs ? CATCH_UP.fastMs : CATCH_UP.slowMs
      },
    },
  )
  // Refunds seen when the page loaded; one due that appears later was just made with Medusa's Refund.
  const seen = useRef<Set<string> | null>(null)
  const [fresh, setFresh] = useState<string[]>([])
  useEffect(() => {
    if (!data) return
    const refunds = data.payments.flatMap((p) => p.refunds.map((refund) => ({ payment: p, refund })))
    if (!seen.current) {
      seen.current = new Set(refunds.map(({ refund }) => refund.id))
      return
    }
    const added = refunds.filter(({ refund }) => !seen.current!.has(refund.id))
    for (const { refund } of added) seen.current.add(refund.id)
    const due = added.filter(({ refund }) => refund.state === "due")
    if (!due.length) return
    setFresh((ids) => [...ids, ...due.map(({ refund }) => refund.id)])
    for (const { payment, refund } of due) {
      const view = refundViewOf(payment, refund)
      toast.warning("No money has moved yet", {
        description: (
          <HexText
            text={`Recorded. Send ${view.amount} ${view.symbol} on ${view.chainName} to ${view.destination ? shortHex(view.destination, 6, 4) : "the payer"} to complete it.`}
          />
        ),
      })
    }
  }, [data])

  if (isPending) {
    return (
      <TitledSection testId="stablecoin-widget-loading">
        <div className="flex flex-col gap-y-2 px-6 py-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      </TitledSection>
    )
  }
  if (isError) {
    return (
      <TitledSection testId="stablecoin-widget-error">
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          The stablecoin ledger could not be loaded: {errorMessage(error)}
        </Text>
      </TitledSection>
    )
  }
  if (data.payments.length === 0) return null
  // On its way: seen on the chain when the order was placed, or reported by the service since.
  const inFlight =
    order.status !== "canceled" &&
    data.payments.find((p) => !p.captured_at && (p.in_flight || IN_FLIGHT_STATUSES.includes(p.status as ServiceStatus)))
  const notices = data.payments.flatMap((payment) =>
    payment.refunds.filter((r) => r.state === "due" && fresh.includes(r.id)).map((refund) => ({ payment, refund })),
  )
  return (
    <div className="flex flex-col gap-y-3" data-testid="stablecoin-widget">
      {inFlight && (
        <Alert variant="warning" data-testid="stablecoin-cancel-warning">
          {inFlight.amounts.shortfall
            ? `${formatAmount(inFlight.amounts.received, inFlight.token_symbol)} of the ${formatAmount(inFlight.amounts.expected, inFlight.token_symbol)} for this order has arrived, not captured. If you cancel the order, a top-up may still arrive: nothing is then captured, and everything received is listed here as owed back to the payer.`
            : inFlight.status === "confirming" || inFlight.status === "waiting"
              ? `A payment of ${formatAmount(inFlight.amounts.expected, inFlight.token_symbol)} for this order is on its way, not captured yet. If you cancel the order, it may still arrive: it will then not be captured, and everything received is listed here as owed back to the payer.`
              : `A payment of ${formatAmount(inFlight.amounts.received ?? inFlight.amounts.expected, inFlight.token_symbol)} for this order has arrived and is not captured yet. If you cancel the order, it is not captured, and everything received is listed here as owed back to the payer.`}
        </Alert>
      )}
      {notices.map(({ payment, refund }) => (
        <RefundDueNotice key={refund.id} view={refundViewOf(payment, refund)} />
      ))}
      {data.payments.map((payment) => (
        <Container key={payment.id} className="p-0">
          <PaymentDetails payment={payment} />
        </Container>
      ))}
    </div>
  )
}

export const config = defineWidgetConfig({ zone: "order.details" })

export default OrderStablecoinPaymentsWidget
