/// <reference lib="dom" />
import { useEffect, useMemo, useState } from "react"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import { confirmingStageOf, orderPaymentStateOf, type OrderPaymentState } from "../order-payment-state"
import { lazyDisplayVerifier } from "../trust/lazy-display-verifier"
import { reportRefusal } from "../trust/report-refusal"
import { DepositDetails } from "./deposit-details"
import { PaymentReceipt } from "./payment-receipt"
import { RefundList } from "./refund-list"
import { StablecoinStyles } from "./stablecoin-styles"
import { StablecoinTextProvider, useStablecoinText, type StablecoinTextProps } from "./stablecoin-text"
import { canceledAmountOf, surplusOf } from "./status-line"
import { explorerUrlFor, TransferFacts } from "./transaction-link"
import { useStoreClient, type StoreAccessProps } from "./use-store-client"

export type OrderPaymentStatusProps = StablecoinTextProps &
  StoreAccessProps & {
    /**
     * The same pinned trust roots as the payment step's: a payment that arrived short shows its
     * address again here, and only once it proved out against them.
     */
    trustRoots: StorefrontTrustRoots | string | null | undefined
    /** The cart the order was placed from (the store view is per cart). */
    cartId: string
    /** Default 3000 ms; polling stops once the payment is captured. */
    pollIntervalMs?: number
    explorerUrls?: Record<number, string>
    /** Called when the payment's state on the order page changes (e.g. to title the page "canceled"). */
    onStatusChange?: (status: OrderPaymentState["status"]) => void
    unstyled?: boolean
    className?: string
  }

/**
 * The payment on the order's page: the order is placed as
 * soon as the payment is in flight, so this says "confirming" until the store view says the
 * payment is captured, then shows the receipt; an underpaid payment shows what is still to send
 * with its own QR; a surplus says the store will refund it; each refund the store listed shows with
 * its state and transfer, and what was paid after refunds. A reload reads the store view again.
 */
export function OrderPaymentStatus({ locale, messages, ...props }: OrderPaymentStatusProps) {
  return (
    <StablecoinTextProvider locale={locale} messages={messages}>
      <OrderPayment {...props} />
    </StablecoinTextProvider>
  )
}

function OrderPayment({
  client: given,
  sdk,
  baseUrl,
  publishableKey,
  cartId,
  trustRoots,
  pollIntervalMs = 3000,
  explorerUrls,
  onStatusChange,
  unstyled,
  className,
}: Omit<OrderPaymentStatusProps, keyof StablecoinTextProps>) {
  const { t, f, locale } = useStablecoinText()
  const client = useStoreClient({ client: given, sdk, baseUrl, publishableKey })
  const [state, setState] = useState<OrderPaymentState | null>(null)
  // The chain code is fetched only for a short payment, whose address is shown again once proved.
  const loadVerifier = useMemo(() => lazyDisplayVerifier(trustRoots), [trustRoots])
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      let next: OrderPaymentState | null = null
      try {
        const { payment } = await client.getCartPayment(cartId)
        next = payment ? orderPaymentStateOf(payment) : null
        if (live && next) setState(next)
      } catch {
        // Keep the last state; the next tick may reach the store.
      }
      // A captured payment changes no more, except a refund the store has still to send.
      if (live && (next?.status !== "paid" || next.payment.refunds.some((r) => r.state === "due")))
        timer = setTimeout(() => void tick(), pollIntervalMs)
    }
    void tick()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, cartId, pollIntervalMs])
  const status = state?.status
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of status is news; a new callback identity is not
  useEffect(() => {
    if (status) onStatusChange?.(status)
  }, [status])
  // The address of a short payment is shown only once proved, per distinct address and amount (polls repeat the same answer).
  const [proof, setProof] = useState<{ key: string; ok: boolean } | null>(null)
  const [loadAttempt, setLoadAttempt] = useState(0)
  const shortPayment = state?.status === "underpaid" && state.remaining && state.payment.deposit ? state.payment : null
  const proofKey = shortPayment
    ? `${shortPayment.paymentId}:${shortPayment.deposit!.address}:${shortPayment.remaining!.baseUnits}`
    : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: proofKey names the payment, address and amount; a poll's new object with the same key is not a new proof
  useEffect(() => {
    if (!shortPayment || !proofKey) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    void loadVerifier()
      .then(({ verify }) => verify(shortPayment))
      .then(
        (result) => {
          if (!live) return
          if (!result.ok) reportRefusal(shortPayment.paymentId, result.error)
          setProof({ key: proofKey, ok: result.ok })
        },
        // The chain code did not load: nothing is shown, and it is fetched again after a poll interval.
        () => void (timer = setTimeout(() => live && setLoadAttempt((n) => n + 1), pollIntervalMs)),
      )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [proofKey, loadVerifier, loadAttempt])
  if (!state) return null
  const p = state.payment
  const amount = (display: string) => f.token(display, p.token.symbol, p.token.decimals)
  const explorerUrl = explorerUrlFor(p, explorerUrls)
  const stage = confirmingStageOf(p)
  // Before the store recorded the surplus, what arrived above the amount of an overpaid payment.
  const surplus = p.surplus?.display ?? (p.status === "overpaid" && surplusOf(p) !== "0" ? surplusOf(p) : null)
  const line =
    state.status === "canceled"
      ? t.receipt.canceled({ amount: amount(canceledAmountOf(p)), refunded: state.refund.refunded })
      : state.status === "paid"
        ? t.status.orderPlaced
        : state.status === "underpaid"
          ? state.remaining
            ? t.receipt.underpaid({ remaining: amount(state.remaining.display) })
            : t.receipt.attention
          : state.status === "attention"
            ? t.receipt.attention
            : stage.stage === "confirming"
              ? t.receipt.confirming({
                  amount: amount((p.received ?? p.amount).display),
                  network: p.chain.name,
                  ...stage,
                })
              : t.receipt.settling({
                  amount: amount((p.received ?? p.amount).display),
                  network: p.chain.name,
                  awaiting: stage.awaiting,
                })
  return (
    <section
      className={["stablecoin-order-payment", className].filter(Boolean).join(" ")}
      data-status={state.status}
      lang={locale}
      aria-label={t.region}
    >
      {!unstyled && <StablecoinStyles />}
      <p className="stablecoin-order-payment__line" role="status" aria-live="polite">
        {line}
      </p>
      {state.status !== "paid" && surplus && (
        <p className="stablecoin-payment__surplus">
          {t.receipt.surplus({ surplus: amount(surplus), refunded: p.surplus?.refund === "sent" })}
        </p>
      )}
      {shortPayment &&
        proof?.key === proofKey &&
        (proof.ok ? (
          <DepositDetails payment={p} />
        ) : (
          <p className="stablecoin-payment__error stablecoin-payment__refused">
            {t.status.refused} {t.status.refusedNext}
          </p>
        ))}
      {state.status === "paid" && <PaymentReceipt payment={p} explorerUrl={explorerUrl} />}
      <RefundList payment={p} explorerUrl={explorerUrl} />
      {state.status !== "paid" && p.txHash && (
        <dl className="stablecoin-payment__summary stablecoin-order-payment__tx">
          <TransferFacts payment={p} explorerUrl={explorerUrl} />
        </dl>
      )}
    </section>
  )
}
