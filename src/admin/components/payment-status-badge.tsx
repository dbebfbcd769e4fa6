import { StatusBadge, Tooltip } from "@medusajs/ui"
import type { AdminStablecoinPayment } from "../lib/types"

/**
 * The payment's state in words, as Medusa's own payment badge would agree with it ("Captured" only
 * once captured, "Awaiting …" before); the service's status, its code and meaning on hover.
 */
export const PaymentStatusBadge = ({ payment }: { payment: AdminStablecoinPayment }) => (
  <Tooltip
    content={
      <span>
        Service status: {payment.status_words} (<span className="font-mono">{payment.status}</span>).{" "}
        {payment.status_info.meaning}
      </span>
    }
  >
    <StatusBadge
      color={payment.state.tone}
      className="whitespace-nowrap"
      data-testid="stablecoin-status"
      data-status={payment.status}
    >
      {payment.state.label}
    </StatusBadge>
  </Tooltip>
)

/** An attention kind in words, its code on hover. */
export const AttentionBadge = ({ payment }: { payment: AdminStablecoinPayment }) =>
  payment.attention ? (
    <Tooltip content={<span className="font-mono">{payment.attention}</span>}>
      <StatusBadge
        color="orange"
        className="shrink-0"
        data-testid="stablecoin-attention-badge"
        data-code={payment.attention}
      >
        {payment.attention_label}
      </StatusBadge>
    </Tooltip>
  ) : null
