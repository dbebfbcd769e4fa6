import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { AttentionPayments } from "../../components/attention-payments"
import { HealthPanel } from "../../components/health-panel"
import { StorefrontConfigPanel } from "../../components/storefront-config-panel"
import { UnfinishedOrders } from "../../components/unfinished-orders"
import { WebhookLog } from "../../components/webhook-log"

/** Everything about stablecoin payments that no single order shows: what needs attention, the webhook log, and health. */
const StablecoinPage = () => (
  <div className="flex flex-col gap-y-3" data-testid="stablecoin-page">
    <Container className="px-6 py-4">
      <Heading level="h1">Stablecoin</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        Payments needing a decision (including those that never became an order), the signed webhook events received,
        the health of each configured chain and of the payment service, and the storefront's configuration.
      </Text>
    </Container>
    <AttentionPayments />
    <UnfinishedOrders />
    <WebhookLog />
    <HealthPanel />
    <StorefrontConfigPanel />
  </div>
)

export const config = defineRouteConfig({ label: "Stablecoin", icon: CurrencyDollar })

export default StablecoinPage
