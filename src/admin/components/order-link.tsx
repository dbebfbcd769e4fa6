import { Link } from "react-router-dom"

type Belongs = { order_id: string | null; order_display_id: number | null; cart_id?: string | null }

const linkClass = "whitespace-nowrap text-ui-fg-interactive hover:text-ui-fg-interactive-hover"

/** The order a payment or event belongs to, by its number ("Order #12") and linked; else its cart, or that it has neither. */
export const OrderLink = ({ payment, fallback = "No order or cart" }: { payment: Belongs; fallback?: string }) =>
  payment.order_id ? (
    <Link
      to={`/orders/${payment.order_id}`}
      className={linkClass}
      onClick={(e) => e.stopPropagation()}
      data-testid="stablecoin-order-link"
      data-order-id={payment.order_id}
    >
      Order {payment.order_display_id != null ? `#${payment.order_display_id}` : payment.order_id}
    </Link>
  ) : payment.cart_id ? (
    <span title={payment.cart_id}>
      Cart <span className="font-mono">…{payment.cart_id.slice(-8)}</span>, no order
    </span>
  ) : (
    <span className="text-ui-fg-muted">{fallback}</span>
  )
