import { ArrowPath, CheckCircle } from "@medusajs/icons"
import { Button, toast, usePrompt } from "@medusajs/ui"
import { errorMessage, formatDateTime } from "../lib/format"
import { useConfirmPayment, useRefreshPayment } from "../lib/queries"
import type { AdminStablecoinPayment } from "../lib/types"
import { outcomeWords } from "../lib/words"

/**
 * Refresh (always) and Confirm (only where the status table leaves the capture to the merchant),
 * each behind a prompt. A Refresh says what it did: asked the service now (and what it answered),
 * or not asked because the service was asked moments before by something else, named with its time.
 * `onRefreshed` gets the time of the read the merchant's own Refresh made.
 */
export const PaymentActions = ({
  payment,
  onRefreshed,
}: {
  payment: AdminStablecoinPayment
  onRefreshed?: (checkedAt: string) => void
}) => {
  const prompt = usePrompt()
  const refresh = useRefreshPayment()
  const confirm = useConfirmPayment()

  const onRefresh = async () => {
    const go = await prompt({
      title: "Ask the payment service now?",
      description: `This asks the service for the status of ${payment.payment_id} now and records the answer. It captures only what the status table allows. If the service was asked less than 10 seconds ago, by anything, that answer is shown instead.`,
      confirmText: "Refresh",
      cancelText: "Cancel",
      variant: "confirmation",
    })
    if (!go) return
    refresh.mutate(payment.id, {
      onSuccess: (r) => {
        if (r.refreshed) {
          if (r.payment.last_checked) onRefreshed?.(r.payment.last_checked.at)
          return toast.success("Asked the service now", {
            description: `It says: ${r.payment.status_words.toLowerCase()}${r.outcome ? ` (${outcomeWords(r.outcome).toLowerCase()})` : ""}.`,
          })
        }
        const at = r.payment.last_checked ? formatDateTime(r.payment.last_checked.at) : "moments ago"
        toast.info("Not asked again yet", {
          description: `The service was asked at ${at}, less than 10 seconds ago (Medusa's Check status, the store's payment page or another admin); this is its answer: ${r.payment.status_words}. Refresh again in a few seconds to ask it yourself.`,
        })
      },
      onError: (e) => toast.error("Refresh failed", { description: errorMessage(e) }),
    })
  }

  const onConfirm = async () => {
    const received = payment.amounts.received?.display ?? "nothing"
    const go = await prompt({
      title: "Confirm and capture this payment?",
      description: `The service is asked for the status again; if it still says ${payment.status_words.toLowerCase()}, the order's payment is captured with ${received} ${payment.token_symbol} of ${payment.amounts.expected?.display ?? payment.expected_amount} ${payment.token_symbol} received. This cannot be undone from here.`,
      confirmText: "Confirm and capture",
      cancelText: "Cancel",
    })
    if (!go) return
    confirm.mutate(payment.id, {
      onSuccess: (r) =>
        toast.success("Payment confirmed", {
          description: `${outcomeWords(r.outcome)}. ${r.payment.state.label}; the service says ${r.payment.status_words.toLowerCase()}.`,
        }),
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
