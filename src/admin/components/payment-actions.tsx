import { ArrowPath, CheckCircle } from "@medusajs/icons"
import { Button, toast, usePrompt } from "@medusajs/ui"
import { errorMessage } from "../lib/format"
import { useConfirmPayment, useRefreshPayment } from "../lib/queries"
import type { AdminStablecoinPayment } from "../lib/types"

/** Refresh (always) and Confirm (only where the status table leaves the capture to the merchant), each behind a prompt. */
export const PaymentActions = ({ payment }: { payment: AdminStablecoinPayment }) => {
  const prompt = usePrompt()
  const refresh = useRefreshPayment()
  const confirm = useConfirmPayment()

  const onRefresh = async () => {
    const go = await prompt({
      title: "Refresh from the payment service?",
      description: `This asks the service for the status of ${payment.payment_id} now and records the answer. It captures only what the status table allows; a refresh repeated within 10 seconds reuses the last answer.`,
      confirmText: "Refresh",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (!go) return
    refresh.mutate(payment.id, {
      onSuccess: (r) =>
        r.refreshed
          ? toast.success("Refreshed", {
              description: `Status: ${r.payment.status}${r.outcome ? ` (${r.outcome})` : ""}`,
            })
          : toast.info("Refreshed moments ago", {
              description: "The service was asked less than 10 seconds ago; showing that answer.",
            }),
      onError: (e) => toast.error("Refresh failed", { description: errorMessage(e) }),
    })
  }

  const onConfirm = async () => {
    const received = payment.amounts.confirmed?.display ?? "nothing"
    const go = await prompt({
      title: "Confirm and capture this payment?",
      description: `The service is asked for the status again; if it is still ${payment.status}, the order's payment is captured although ${received} ${payment.token_symbol} of ${payment.amounts.expected?.display ?? payment.expected_amount} ${payment.token_symbol} were received. This cannot be undone from here.`,
      confirmText: "Confirm and capture",
      cancelText: "Cancel",
    })
    if (!go) return
    confirm.mutate(payment.id, {
      onSuccess: (r) =>
        toast.success("Payment confirmed", { description: `Outcome: ${r.outcome}; status ${r.payment.status}.` }),
      onError: (e) => toast.error("Confirm failed", { description: errorMessage(e) }),
    })
  }

  return (
    <div className="flex items-center gap-x-2">
      <Button
        size="small"
        variant="secondary"
        onClick={onRefresh}
        isLoading={refresh.isPending}
        data-testid="stablecoin-refresh"
      >
        <ArrowPath />
        Refresh
      </Button>
      {payment.can_confirm && (
        <Button
          size="small"
          variant="primary"
          onClick={onConfirm}
          isLoading={confirm.isPending}
          data-testid="stablecoin-confirm"
        >
          <CheckCircle />
          Confirm
        </Button>
      )}
    </div>
  )
}
