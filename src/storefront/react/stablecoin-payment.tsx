/// <reference lib="dom" />
import { useEffect, useId, useState } from "react"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { PublicStablecoinPayment, StablecoinStoreOptions } from "../../lib/checkout/public-payment"
import type { Rail, StablecoinSessionChoice } from "../../lib/session-data"
import type { CheckoutState } from "../checkout-state"
import type { StablecoinCart, StablecoinStoreClient } from "../store-client"
import type { DiscoveredWallet } from "../wallet/eip1193"
import { ContinueOnPhone } from "./continue-on-phone"
import { DepositDetails } from "./deposit-details"
import { PaymentReceipt } from "./payment-receipt"
import { PaymentSummary } from "./payment-summary"
import { QuoteCountdown } from "./quote-countdown"
import { RefundAddress } from "./refund-address"
import { StablecoinStyles } from "./stablecoin-styles"
import { StablecoinTextProvider, useStablecoinText, type StablecoinTextProps } from "./stablecoin-text"
import { PAY_STATES, StatusLine } from "./status-line"
import { explorerUrlFor, TransferFacts } from "./transaction-link"
import { useCheckoutController } from "./use-checkout-controller"
import { useResumeUrl } from "./use-resume-url"
import { useStoreClientOrProblem, type StoreAccessProps } from "./use-store-client"
import { WalletPay } from "./wallet-pay"

export type StablecoinPaymentProps = StablecoinTextProps &
  StoreAccessProps & {
    /** The Medusa cart (`HttpTypes.StoreCart` fits). */
    cart: StablecoinCart
    /**
     * The merchant's pinned trust roots, fixed at build time (`npm run storefront:config` prints
     * them, e.g. `process.env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS`). Never from a store answer;
     * without them the component shows no address and offers no Pay button.
     */
    trustRoots: StorefrontTrustRoots | string | null | undefined
    /** Called once the cart is an order (placed as soon as the payment is in flight): move to the order's page. */
    onOrderPlaced: (orderId: string) => void
    /**
     * Called when the payment shown changes: another payment (a new price), or its status or
     * amount still to send; null before there is one. E.g. to offer a wallet only once it holds the token.
     */
    onPaymentChange?: (payment: PublicStablecoinPayment | null) => void
    /** Rails to offer, in order (default both). */
    rails?: Rail[]
    /** Wallets to offer besides the discovered ones (a WalletConnect provider, a dev wallet). */
    extraWallets?: DiscoveredWallet[]
    pollIntervalMs?: number
    /** The URL query parameter that names the cart once a payment exists (default "cart"); false leaves the URL alone. */
    resumeParam?: string | false
    /** Explorer base URL per chain id, for chains the defaults do not know. */
    explorerUrls?: Record<number, string>
    /** Leave out the built-in stylesheet (the classes and `data-status` stay). */
    unstyled?: boolean
    className?: string
  }

/** A transfer was seen: no instructions (nothing more to send), only what arrived. */
const PROGRESS_STATES: ReadonlyArray<CheckoutState["status"]> = ["detected", "confirming", "paid", "overpaid"]

/**
 * The stablecoin checkout step: token, network and rail from what the store offers; then what to
 * pay at a glance (total, token amount, rate, network, countdown), the deposit details or the
 * wallet button, one live status line, until the order is placed. Resumable: the URL names the
 * cart once a payment exists. Shopper text from one messages object (`locale`, `messages`).
 */
export function StablecoinPayment({ locale, messages, ...props }: StablecoinPaymentProps) {
  return (
    <StablecoinTextProvider locale={locale} messages={messages}>
      <PaymentStep {...props} />
    </StablecoinTextProvider>
  )
}

type PaymentStepProps = Omit<StablecoinPaymentProps, keyof StablecoinTextProps>

/** The step, or the unavailable panel when no store client can be made on this page (the storefront's setup). */
function PaymentStep({ client: given, sdk, baseUrl, publishableKey, ...props }: PaymentStepProps) {
  const { client, problem } = useStoreClientOrProblem({ client: given, sdk, baseUrl, publishableKey })
  if (client) return <PaymentFlow {...props} client={client} />
  return <Unavailable problem={problem} unstyled={props.unstyled} className={props.className} />
}

/**
 * A shopper cannot act on a setup problem, and its text names the store's backend: they get one
 * sentence and another payment method; the store's developer gets the exact problem in the console.
 */
function Unavailable({ problem, unstyled, className }: { problem: string; unstyled?: boolean; className?: string }) {
  const { t, locale } = useStablecoinText()
  useEffect(() => {
    console.error(problem)
  }, [problem])
  return (
    <section
      className={["stablecoin-payment", className].filter(Boolean).join(" ")}
      data-status="unavailable"
      aria-label={t.region}
      lang={locale}
    >
      {!unstyled && <StablecoinStyles />}
      <div className="stablecoin-payment__status" role="alert">
        <p className="stablecoin-payment__error">{t.errors.unavailable}</p>
      </div>
    </section>
  )
}

function PaymentFlow({
  cart,
  trustRoots,
  onOrderPlaced,
  onPaymentChange,
  client,
  rails = ["deposit", "connect"],
  extraWallets,
  pollIntervalMs,
  resumeParam = "cart",
  explorerUrls,
  unstyled,
  className,
}: Omit<PaymentStepProps, keyof StoreAccessProps> & { client: StablecoinStoreClient }) {
  const { t, locale } = useStablecoinText()
  const { controller, snapshot } = useCheckoutController({ client, cart, trustRoots, onOrderPlaced, pollIntervalMs })
  const [options, setOptions] = useState<StablecoinStoreOptions | null>(null)
  const [changing, setChanging] = useState(false)
  useEffect(() => {
    client
      .getOptions()
      .then(setOptions, () => setOptions({ chains: [], defaultChainId: 0, defaultToken: "", refundAddress: "off" }))
  }, [client])
  const state = snapshot.checkout
  const payment = "payment" in state ? state.payment : null
  const shareUrl = useResumeUrl(cart.id, resumeParam, payment !== null)
  const paymentKey = payment ? `${payment.paymentId}:${payment.status}:${payment.remaining?.baseUnits ?? ""}` : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new payment, status or remainder is news; each poll's new object is not
  useEffect(() => {
    onPaymentChange?.(payment)
  }, [paymentKey])
  const payable = payment !== null && PAY_STATES.includes(state.status)
  // A new price is offered only while nothing was sent or seen for this payment (one payment per checkout).
  const canRequote =
    payable && state.status !== "underpaid" && snapshot.canPay && payment.received === null && payment.txHash === null
  const mustChoose =
    state.status === "idle" ||
    (state.status === "failed" && state.error.retryable) ||
    (state.status === "expired" && payment?.rail === "connect" && canRequote)
  const choosing = (mustChoose || (changing && canRequote)) && options !== null
  // Deposit rail: asked while there is something to pay or it is on its way; connect rail: once the wallet that paid is known, prefilled with it.
  const refundMode = options?.refundAddress ?? "off"
  const askRefund =
    payment !== null &&
    refundMode !== "off" &&
    (payable || PROGRESS_STATES.includes(state.status)) &&
    (payment.rail === "deposit" || snapshot.payer !== null || payment.refundAddress !== null)
  // Required: the deposit details (and the wallet) wait for it, so a payment is never sent without one.
  const refundFirst = askRefund && refundMode === "required" && payment.rail === "deposit" && !payment.refundAddress
  const start = (choice: { rail: Rail } & StablecoinSessionChoice) => {
    setChanging(false)
    void controller.start(choice)
  }

  return (
    <section
      className={["stablecoin-payment", className].filter(Boolean).join(" ")}
      data-status={state.status}
      aria-label={t.region}
      lang={locale}
    >
      {!unstyled && <StablecoinStyles />}
      <div className="stablecoin-payment__status" aria-live="polite" role="status">
        {refundFirst ? <p>{t.refund.required}</p> : <StatusLine state={state} wallet={snapshot.wallet} />}
      </div>
      {state.status === "refused" && <p className="stablecoin-payment__next">{t.status.refusedNext}</p>}

      {choosing && (
        <ChoiceForm
          options={options}
          rails={rails}
          initial={payment ? { rail: payment.rail, chainId: payment.chain.id, token: payment.token.symbol } : null}
          onSubmit={start}
          onCancel={!mustChoose ? () => setChanging(false) : undefined}
        />
      )}

      {payment && payable && !choosing && (
        <>
          <PaymentSummary payment={payment} />
          {state.status === "waiting" && snapshot.wallet.step !== "submitted" && !refundFirst && (
            <QuoteCountdown expiresAt={payment.expiresAt} rail={payment.rail} />
          )}
          {payment.deposit && !refundFirst && <DepositDetails payment={payment} />}
          {!refundFirst && (payment.connect || (payment.deposit && extraWallets && extraWallets.length > 0)) && (
            <WalletPay
              controller={controller}
              payment={payment}
              wallet={snapshot.wallet}
              canPay={snapshot.canPay}
              extraWallets={extraWallets}
            />
          )}
          {/* After what to pay: optional, or (required) alone until it is saved. */}
          {askRefund && (
            <RefundAddress
              key={payment.paymentId}
              payment={payment}
              required={refundMode === "required"}
              prefill={snapshot.payer}
              onSave={controller.saveRefundAddress}
            />
          )}
          <div className="stablecoin-payment__actions">
            {canRequote && options && (
              <button type="button" className="stablecoin-payment__secondary" onClick={() => setChanging(true)}>
                {t.choice.change}
              </button>
            )}
          </div>
          {shareUrl && <ContinueOnPhone url={shareUrl} />}
        </>
      )}
      {payment && PROGRESS_STATES.includes(state.status) && (
        <Progress payment={payment} explorerUrl={explorerUrlFor(payment, explorerUrls)} />
      )}
      {payment && askRefund && !payable && (
        <RefundAddress
          key={payment.paymentId}
          payment={payment}
          required={false}
          prefill={snapshot.payer}
          onSave={controller.saveRefundAddress}
        />
      )}
      {payment && state.status === "order_placed" && (
        <PaymentReceipt payment={payment} explorerUrl={explorerUrlFor(payment, explorerUrls)} />
      )}
    </section>
  )
}

/** What arrived while it confirms: amount, network, the transaction. */
function Progress({
  payment,
  explorerUrl,
}: {
  payment: NonNullable<Extract<CheckoutState, { payment: unknown }>["payment"]>
  explorerUrl?: string | null
}) {
  const { t, f } = useStablecoinText()
  const arrived = payment.received ?? payment.amount
  return (
    <dl className="stablecoin-payment__summary stablecoin-payment__progress">
      <div>
        <dt>{payment.received ? t.summary.received : t.summary.toPay}</dt>
        <dd className="stablecoin-payment__token-amount">
          {f.token(arrived.display, payment.token.symbol, payment.token.decimals)}
        </dd>
      </div>
      <div>
        <dt>{t.summary.network}</dt>
        <dd>{payment.chain.name}</dd>
      </div>
      <TransferFacts payment={payment} explorerUrl={explorerUrl} />
    </dl>
  )
}

type Choice = { rail: Rail; chainId: number; token: string }

/** Rail, network and token, from what the store offers; submitting asks for a price on the same cart. */
function ChoiceForm({
  options,
  rails,
  initial,
  onSubmit,
  onCancel,
}: {
  options: StablecoinStoreOptions
  rails: Rail[]
  initial: Choice | null
  onSubmit: (c: { rail: Rail } & StablecoinSessionChoice) => void
  onCancel?: () => void
}) {
  const { t } = useStablecoinText()
  const [rail, setRail] = useState<Rail>(initial?.rail && rails.includes(initial.rail) ? initial.rail : rails[0]!)
  const [chainId, setChainId] = useState<number>(initial?.chainId ?? options.defaultChainId)
  const [token, setToken] = useState<string>(initial?.token ?? options.defaultToken)
  const ids = { rail: useId(), chain: useId(), token: useId() }
  const chain = options.chains.find((c) => c.chainId === chainId)
  return (
    <form
      className="stablecoin-payment__choice"
      onSubmit={(e) => {
        e.preventDefault()
        if (chainId && token) onSubmit({ rail, chainId, token: token as NonNullable<StablecoinSessionChoice["token"]> })
      }}
    >
      <fieldset>
        <legend>{t.choice.legend}</legend>
        {rails.map((r) => (
          <label key={r} className="stablecoin-payment__rail">
            <input type="radio" name={ids.rail} value={r} checked={rail === r} onChange={() => setRail(r)} />{" "}
            {t.choice.rails[r]}
          </label>
        ))}
      </fieldset>
      <div className="stablecoin-payment__fields">
        <div className="stablecoin-payment__field">
          <label htmlFor={ids.chain}>{t.choice.network}</label>
          <select
            id={ids.chain}
            value={chainId}
            onChange={(e) => {
              const next = options.chains.find((c) => c.chainId === Number(e.target.value))
              setChainId(Number(e.target.value))
              if (next && !next.tokens.some((x) => x.symbol === token)) setToken(next.tokens[0]?.symbol ?? "")
            }}
          >
            {options.chains.map((c) => (
              <option key={c.chainId} value={c.chainId}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="stablecoin-payment__field">
          <label htmlFor={ids.token}>{t.choice.token}</label>
          <select id={ids.token} value={token} onChange={(e) => setToken(e.target.value)}>
            {(chain?.tokens ?? []).map((x) => (
              <option key={x.symbol} value={x.symbol}>
                {x.symbol}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="stablecoin-payment__actions">
        <button type="submit" className="stablecoin-payment__button">
          {t.choice.submit}
        </button>
        {onCancel && (
          <button type="button" className="stablecoin-payment__secondary" onClick={onCancel}>
            {t.choice.cancel}
          </button>
        )}
      </div>
    </form>
  )
}
