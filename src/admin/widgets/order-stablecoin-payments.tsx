import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Alert, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import type { ReactNode } from "react"
import { IN_FLIGHT_STATUSES, type ServiceStatus } from "../../lib/status"
import { PaymentDetails } from "../components/payment-details"
import { errorMessage, formatAmount } from "../lib/format"
import { usePayments } from "../lib/queries"

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
 */
const OrderStablecoinPaymentsWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isPending, isError, error } = usePayments({ order_id: order.id, limit: 20 })

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
  const inFlight = order.status !== "canceled" && data.payments.find((p) => !p.captured_at && (p.in_flight || IN_FLIGHT_STATUSES.includes(p.status as ServiceStatus)))
  return (
    <div className="flex flex-col gap-y-3" data-testid="stablecoin-widget">
      {inFlight && (
        <Alert variant="warning" data-testid="stablecoin-cancel-warning">
          A payment of {formatAmount(inFlight.amounts.expected, inFlight.token_symbol)} for this order is on its way. If you cancel the order, it may still
          arrive: it will then not be captured, and everything received is listed here as owed back to the payer.
        </Alert>
      )}
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
