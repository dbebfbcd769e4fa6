import { StatusBadge, Tooltip } from "@medusajs/ui"
import { statusColor } from "../lib/format"
import type { AdminStablecoinPayment } from "../lib/types"

/** The service status as a badge; its meaning from the status table on hover. */
export const PaymentStatusBadge = ({ payment }: { payment: AdminStablecoinPayment }) => (
  <Tooltip content={payment.status_info.meaning}>
    <StatusBadge color={statusColor(payment.status_info.action)} data-testid="stablecoin-status">
      {payment.status}
    </StatusBadge>
  </Tooltip>
)
