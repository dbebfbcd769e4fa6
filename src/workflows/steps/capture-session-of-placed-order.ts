// Over 60 lines: the retry-safe authorise, capture and order transaction of one placed order belong in one step, since no part may be compensated away once the capture stands.
import type { CreateOrderTransactionDTO, IOrderModuleService, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STABLECOIN_MODULE, type StablecoinModuleService } from "#src/modules/stablecoin/index"

export const captureSessionOfPlacedOrderStepId = "capture-session-of-placed-order-step"

export type CaptureSessionOfPlacedOrderStepInput = { sessionId: string; orderId: string | null }

/** `paymentId`: the captured Medusa payment (null when the order was canceled before it); `orderCanceled`: the order was canceled before or during the capture. */
export type CaptureSessionOfPlacedOrderStepOutput = { paymentId: string | null; orderCanceled: boolean } | null

/**
 * This step authorises and captures the session of an order placed awaiting payment, inside the
 * cart's lock that the workflow holds, and adds the capture to the order's transactions. It does
 * what processPaymentWorkflow's autocapture branch does for such an order, without that workflow's
 * four queries, its own cart lock and its second capture pass over a payment the authorisation
 * already captured (bench/RESULTS.md, "Confirmation to capture on the deferred path"). The provider
 * answers the recorded confirmation with `captured`, so the payment module's authorisation creates
 * the payment and captures it. The authorisation returns the payment of a session authorised
 * before, a payment found without a capture is captured, and a transaction already recorded for a
 * capture is not added again, so a retry finishes what an interrupted run left. No compensation,
 * and the transaction is added here rather than by Medusa's addOrderTransactionStep, whose
 * compensation would take it away when a later step fails: the capture stands, and the next
 * judgement finds it captured and would not add the transaction again. A canceled order is not
 * captured; Medusa's cancel takes no cart lock, so the order is read again after the capture, and
 * one canceled in between is reported too (the workflow then lists the whole amount as owed back).
 */
export const captureSessionOfPlacedOrderStep = createStep(
  captureSessionOfPlacedOrderStepId,
  async (
    { sessionId, orderId }: CaptureSessionOfPlacedOrderStepInput,
    { container },
  ): Promise<StepResponse<CaptureSessionOfPlacedOrderStepOutput>> => {
    if (!orderId) return new StepResponse(null)
    const isCanceled = () => container.resolve<StablecoinModuleService>(STABLECOIN_MODULE).isOrderCanceled(orderId)
    if (await isCanceled()) return new StepResponse({ paymentId: null, orderCanceled: true })
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const payment = await payments.authorizePaymentSession(sessionId, {})
    if (!payment)
      throw new Error(
        `stablecoin: payment session ${sessionId} of order ${orderId} was not authorised although its confirmation is recorded`,
      )
    let captures = await payments.listCaptures({ payment_id: payment.id }, { select: ["id", "amount", "raw_amount"] })
    if (!captures.length) captures = (await payments.capturePayment({ payment_id: payment.id })).captures ?? []

    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    const recorded = await orders.listOrderTransactions(
      { order_id: orderId, reference: "capture", reference_id: captures.map((c) => c.id) },
      { select: ["reference_id"] },
    )
    const missing = captures
      .filter((capture) => !recorded.some((t) => t.reference_id === capture.id))
      .map(
        (capture): CreateOrderTransactionDTO => ({
          order_id: orderId,
          amount: capture.raw_amount ?? capture.amount,
          currency_code: payment.currency_code,
          reference: "capture",
          reference_id: capture.id,
        }),
      )
    if (missing.length) await orders.addOrderTransactions(missing)
    return new StepResponse({ paymentId: payment.id, orderCanceled: await isCanceled() })
  },
)
