import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import {
  AbstractPaymentProvider,
  MathBN,
  MedusaError,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { getAddress, isAddress } from "viem"
import { buildErc20TransferUri } from "#src/lib/chain/build-erc20-transfer-uri"
import { computePaymentRef } from "#src/lib/chain/compute-payment-ref"
import type { ChainVerifier } from "#src/lib/chain/create-chain-verifier"
import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import { TOKEN_SYMBOLS, type TokenSymbol, type VerificationProof } from "#src/lib/chain/types"
import {
  capturingConfirmationOf,
  decideSessionStatus,
  recordedConfirmationOf,
} from "#src/lib/judgement/decide-session-status"
import type { PaymentBooks, SessionBook } from "#src/lib/ledger/payment-books"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { PluginOptions } from "#src/lib/options/index"
import { pluginRuntimeOf } from "#src/lib/runtime/plugin-runtime"
import { verifyQuoteAnswersRequest } from "#src/lib/quote/verify-quote-answers-request"
import { computeRefundTokenAmount } from "#src/lib/refunds/compute-refund-token-amount"
import { MAX_CART_TOTAL } from "#src/lib/service-client/schemas"
import type { ServiceClient } from "#src/lib/service-client/create-service-client"
import { PoolCreationOutcomeUnknownError, type ServiceClientError } from "#src/lib/service-client/errors"
import type { Quote } from "#src/lib/service-client/schemas"
import type { Rail } from "#src/lib/status"
import { STOREFRONT_ERROR_CODES, type StablecoinSessionData } from "#src/lib/session-data"
import { checkSessionStatusInBackground } from "./check-status-in-background"
import { CHECK_STATUS_MIN_INTERVAL_MS } from "#src/workflows/check-stablecoin-session-status"
import { serviceErrorToMedusaError, StablecoinStoreError } from "./stablecoin-store-error"

const SUPPORTED_CURRENCIES = ["EUR", "USD"] as const

/** A rail's own part of a payment: create it at the service from a quote and verify it on-chain. */
export type RailPayment = Partial<Pick<StablecoinSessionData, "deposit" | "connect">> & {
  tokenAddress: string
  tokenDecimals: number
  /** The deposit intent's toleranceBps; the connect rail has only the quote's tolerancePercent. */
  toleranceBps?: number
  verification: VerificationProof
}

type Deps = { logger: Logger }

/**
 * Everything both rails share: options, the quote, confirmations, capture, refunds. A subclass
 * sets `identifier`, `rail` and how its payment is created and verified (style: one base, one
 * small class per rail, as Medusa's Stripe provider does).
 */
export abstract class StablecoinBase extends AbstractPaymentProvider<PluginOptions> {
  protected abstract readonly rail: Rail
  protected readonly options_: PluginOptions
  protected readonly logger_: Logger
  protected readonly client_: ServiceClient
  protected readonly verifier_: ChainVerifier
  private readonly books_: () => PaymentBooks

  static validateOptions(options: Record<string, unknown>): void {
    pluginRuntimeOf(options)
  }

  constructor(cradle: Deps, options: PluginOptions) {
    super(cradle, options)
    // Medusa gives a provider a container of its own, without the stablecoin module: the runtime is shared through the options object instead.
    const runtime = pluginRuntimeOf(options)
    this.options_ = runtime.options
    this.logger_ = cradle.logger
    this.client_ = runtime.client
    this.verifier_ = runtime.verifier
    this.books_ = () => runtime.books()
  }

  /** Creates this rail's payment for a quote at the service and proves its addresses on-chain. */
  protected abstract createRailPayment(quote: Quote, payerAddress: string | undefined): Promise<RailPayment>

  async initiatePayment({
    amount,
    currency_code,
    data,
    context,
  }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const currency = checkCurrency(currency_code)
    const choice = this.readStorefrontChoice(data)
    // Medusa writes session_id after the storefront's keys, so it is Medusa's own.
    const sessionId = (typeof data?.session_id === "string" ? data.session_id : undefined) ?? context?.idempotency_key
    if (!sessionId)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "A stablecoin payment is issued for a Medusa payment session; no session id was given (data.session_id).",
      )
    const sessionData = await this.startPayment({ amount, currency, ...choice, sessionId })
    return { id: sessionData.paymentId, data: sessionData, status: PaymentSessionStatus.PENDING }
  }

  async updatePayment({ amount, currency_code, data, context }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = data as Partial<StablecoinSessionData> | undefined
    const currency = checkCurrency(currency_code)
    const unchanged =
      current?.paymentId && current.fiatCurrency === currency && current.fiatTotal === toFiatNumber(amount)
    if (unchanged) return { data: current as Record<string, unknown> }
    const sessionId = current?.sessionId ?? context?.idempotency_key
    if (!sessionId)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "A stablecoin payment is re-quoted for a Medusa payment session; the session data names none (sessionId).",
      )
    const sessionData = await this.startPayment({
      amount,
      currency,
      token: (current?.token as TokenSymbol | undefined) ?? this.options_.defaultToken,
      chainId: current?.chainId ?? this.options_.defaultChainId,
      sessionId,
    })
    return { data: sessionData, status: PaymentSessionStatus.PENDING }
  }

  /**
   * Decides from the plugin's books for the session Medusa names (`context.idempotency_key` is its
   * id), never from the session's data, which the storefront writes and reads back
   * (docs/architecture.md#where-facts-live). `captured` with a confirmation recorded for this
   * session's payment; `pending_authorization` once the payment is on its way, so the cart becomes
   * an order awaiting payment and the webhook captures it later (docs/architecture.md#deferred-authorization);
   * `pending` before that, never `error` while waiting. The data returned (which Medusa stores on
   * the payment) names the session and payment the decision was about, for capture and refunds.
   *
   * A payment on its way whose books hold no confirmation (Medusa's Check status on an order
   * awaiting payment) also starts a bounded look at the service, judged as a reconcile poll is
   * (docs/architecture.md#check-status). It runs in the background and this answer stays the
   * books': what it captures goes through the capture workflow, which waits for the cart lock a
   * completion calling this method holds and authorises this very session itself, so waiting for
   * it here would stall that completion and answering from it would make Medusa authorise the
   * session a second time.
   */
  async authorizePayment({ data, context }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const sessionId = context?.idempotency_key
    const book = sessionId ? await this.books_().bookOfSession(sessionId) : null
    const status = decideSessionStatus({ book, policy: this.options_ })
    // A payment the service was asked about moments ago (the completion guard's read, usually) is not asked again.
    const readRecently = !!book?.lastReadAt && Date.now() - book.lastReadAt.getTime() < CHECK_STATUS_MIN_INTERVAL_MS
    if (
      book &&
      status === PaymentSessionStatus.PENDING_AUTHORIZATION &&
      !recordedConfirmationOf(book) &&
      !readRecently
    ) {
      void checkSessionStatusInBackground({
        sessionId: book.sessionId,
        paymentId: book.payment.paymentId,
        logger: this.logger_,
      })
    }
    return {
      status,
      data: {
        ...data,
        sessionId: sessionId ?? null,
        paymentId: book?.payment.paymentId ?? data?.paymentId ?? null,
        refunds: null,
      },
    }
  }

  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const book = await this.bookOfPayment(data)
    if (!book || !capturingConfirmationOf({ book, policy: this.options_ })) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This stablecoin payment has no confirmation from the payment service; it is captured only when the signed payment_confirmed webhook arrives (or the merchant confirms a payment the service reports as paid).",
      )
    }
    return { data }
  }

  /** The service has no cancel endpoint: nothing to do there. A payment that still arrives is recorded by the webhook route and shown. */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data }
  }

  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data }
  }

  /**
   * The service cannot refund: records what is owed for a person to send on-chain (the token
   * amount of the fiat refunded at the quote's rate, from what was received, to the payer a signed
   * event or the chain named). It never claims that a transfer happened; the ledger lists it.
   */
  async refundPayment({ amount, data }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const book = await this.bookOfPayment(data)
    const confirmation = book ? recordedConfirmationOf(book) : null
    if (!book || !confirmation) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Stablecoin payment ${String(data?.paymentId)} has no recorded confirmation: nothing was received to refund.`,
      )
    }
    const payment = book.payment
    // Earlier refunds of this Medusa payment: its data holds only what this method returned (authorizePayment starts it empty).
    const earlier = Array.isArray(data?.refunds) ? (data.refunds as LedgerRefund[]) : []
    const fiat = MathBN.convert(amount).toFixed()
    const tokenAmount = computeRefundTokenAmount({
      refundFiat: fiat,
      fiatTotal: String(payment.fiatTotal),
      expectedAmount: BigInt(payment.expectedAmount),
      confirmedAmount: BigInt(confirmation.confirmedAmount),
      alreadyRefunded: earlier.reduce((sum, r) => sum + BigInt(r.tokenAmount), 0n),
    })
    const refund: LedgerRefund = {
      id: randomUUID(),
      reason: "merchant",
      fiatAmount: fiat,
      currencyCode: payment.currencyCode,
      tokenAmount: tokenAmount.toString(),
      token: payment.token,
      chainId: payment.chainId,
      tokenDecimals: payment.tokenDecimals!,
      // The chain's word on who paid, where it was read; the confirmation's otherwise.
      payerAddress: payment.payerAddress ?? confirmation.payerAddress,
      state: "due",
      recordedAt: new Date().toISOString(),
    }
    this.logger_.warn(
      `stablecoin: refund of ${fiat} ${payment.currencyCode} recorded for payment ${payment.paymentId}: send ${formatTokenAmount(tokenAmount, refund.tokenDecimals)} ${payment.token} on chain ${payment.chainId} to ${refund.payerAddress ?? "the payer (unknown: check the transaction)"} manually; no funds were moved. It is listed in the ledger as due.`,
    )
    return { data: { ...data, refunds: [...earlier, refund] } }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const record = await this.pollService(data)
    return { data: { ...data, serviceStatus: record } }
  }

  /** Asks the service; the answer is shown, never a reason to capture (only a recorded confirmation is). */
  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const record = await this.pollService(data)
    const book = await this.bookOfPayment(data)
    return { status: decideSessionStatus({ book, policy: this.options_ }), data: { ...data, serviceStatus: record } }
  }

  /** Medusa's generic /hooks/payment route answers before verifying; events go to /hooks/stablecoin instead. */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  /**
   * The book of the session a Medusa payment (or session) data names. Its `sessionId` is the one
   * authorizePayment wrote from Medusa's context; the payment id must be that session's current
   * payment, so data naming another payment gets nothing.
   */
  private async bookOfPayment(data: Record<string, unknown> | undefined): Promise<SessionBook | null> {
    const sessionId = data?.sessionId
    if (typeof sessionId !== "string") return null
    const book = await this.books_().bookOfSession(sessionId)
    return book && book.payment.paymentId === data?.paymentId ? book : null
  }

  private async pollService(data: Record<string, unknown> | undefined) {
    const session = data as Partial<StablecoinSessionData> | undefined
    const id = (session?.rail === "deposit" ? session.deposit?.intentId : undefined) ?? session?.paymentId
    if (!id) throw new MedusaError(MedusaError.Types.INVALID_DATA, "No stablecoin payment id in the session data.")
    const result = await this.client_.poolDepositStatus({ id })
    if (!result.ok) throw this.serviceError(result.error)
    return result.value
  }

  /** Only `token`, `chainId` and `payerAddress` (a hint for the connect call, never stored or read back) are taken from the storefront. */
  private readStorefrontChoice(data: Record<string, unknown> | undefined) {
    const token = data?.token ?? this.options_.defaultToken
    if (typeof token !== "string" || !(TOKEN_SYMBOLS as readonly string[]).includes(token)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `data.token must be one of ${TOKEN_SYMBOLS.join(", ")}; got ${JSON.stringify(token)}.`,
      )
    }
    const chainId = data?.chainId ?? this.options_.defaultChainId
    const chain = this.options_.chains.find((c) => c.chainId === chainId)
    if (!chain) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `data.chainId must be one of the configured chains (${this.options_.chains.map((c) => c.chainId).join(", ")}); got ${JSON.stringify(chainId)}.`,
      )
    }
    if (!chain.tokens[token as TokenSymbol]) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `data.token ${token} is not enabled on chain ${chain.chainId}.`,
      )
    }
    // null is what the provider itself writes: Medusa recreates a session from the old data after a refund.
    const payer = data?.payerAddress ?? undefined
    if (payer !== undefined && (typeof payer !== "string" || !isAddress(payer, { strict: false }))) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "data.payerAddress must be a 0x-prefixed 20-byte hex address.",
      )
    }
    return { token: token as TokenSymbol, chainId: chain.chainId, payerAddress: payer ? getAddress(payer) : undefined }
  }

  private async startPayment(input: {
    amount: InitiatePaymentInput["amount"]
    currency: (typeof SUPPORTED_CURRENCIES)[number]
    token: TokenSymbol
    chainId: number
    payerAddress?: string
    sessionId: string
  }): Promise<StablecoinSessionData> {
    const request = {
      merchantId: this.options_.merchantId,
      cart: { total: checkTotal(input.amount), currency: input.currency },
      token: input.token,
      chainId: input.chainId,
    }
    // A create-pool call whose outcome is unknown consumed its quote: start once more with a fresh one.
    for (let attempt = 1; ; attempt++) {
      const quoted = await this.client_.createQuote(request)
      if (!quoted.ok) throw this.serviceError(quoted.error)
      const answered = verifyQuoteAnswersRequest({ request, quote: quoted.value, policy: this.options_ })
      if (!answered.ok) {
        this.logger_.error(
          `stablecoin: quote ${quoted.value.quoteId} does not answer the request; nothing shown. ${answered.error.message}`,
        )
        throw new StablecoinStoreError(
          STOREFRONT_ERROR_CODES.quoteMismatch,
          `The payment service quoted another amount, currency, token or chain than this cart asked for (check ${answered.error.check} failed); nothing was shown. Please try again.`,
        )
      }
      const quote = answered.value
      try {
        const { deposit, connect, toleranceBps, ...railPayment } = await this.createRailPayment(
          quote,
          input.payerAddress,
        )
        // Every key of the session data, null where unused: nothing a storefront posted survives the merge.
        const sessionData: StablecoinSessionData = {
          sessionId: input.sessionId,
          paymentId: quote.paymentId,
          quoteId: quote.quoteId,
          rail: this.rail,
          chainId: quote.chainId,
          token: quote.token,
          amount: quote.stablecoinAmount,
          amountDisplay: formatTokenAmount(quote.stablecoinAmount, railPayment.tokenDecimals),
          fiatCurrency: quote.fiatCurrency,
          fiatTotal: quote.fiatTotal,
          fxRate: quote.fxRate,
          toleranceBps: toleranceBps ?? Math.round(quote.tolerancePercent * 100),
          expiresAt: quote.expiresAt,
          deposit: deposit ?? null,
          connect: connect ?? null,
          refunds: null,
          payerAddress: null,
          ...railPayment,
        }
        await this.books_().recordIssuedPayment({
          sessionId: input.sessionId,
          paymentId: quote.paymentId,
          quoteId: quote.quoteId,
          intentId: deposit?.intentId ?? null,
          rail: this.rail,
          chainId: quote.chainId,
          token: quote.token,
          tokenAddress: railPayment.tokenAddress,
          tokenDecimals: railPayment.tokenDecimals,
          expectedAmount: quote.stablecoinAmount,
          toleranceBps: sessionData.toleranceBps,
          currencyCode: quote.fiatCurrency,
          fiatTotal: String(quote.fiatTotal),
          fxRate: String(quote.fxRate),
          expiresAt: quote.expiresAt,
          verification: railPayment.verification,
        })
        return sessionData
      } catch (e) {
        if (e instanceof PoolCreationOutcomeUnknownError && attempt < 2) {
          this.logger_.warn(
            `stablecoin: ${e.endpoint} outcome unknown for quote ${quote.quoteId}; starting again with a fresh quote.`,
          )
          continue
        }
        // A second unknown outcome: the shopper is told the service is unavailable (503, Retry-After), not a bare 500.
        throw e instanceof PoolCreationOutcomeUnknownError ? this.serviceError(e) : e
      }
    }
  }

  /** A service failure as the storefront sees it; the service's own text and status details go to the log only. */
  private serviceError(error: ServiceClientError): StablecoinStoreError {
    this.logger_.warn(`stablecoin: ${error.message}`)
    return serviceErrorToMedusaError(error)
  }

  /** Shared by the rails: unwrap a create-pool result or throw (an unknown outcome is rethrown as is for a retry). */
  protected unwrapService<T>(result: { ok: true; value: T } | { ok: false; error: ServiceClientError }): T {
    if (result.ok) return result.value
    if (result.error instanceof PoolCreationOutcomeUnknownError) throw result.error
    throw this.serviceError(result.error)
  }

  /** Shared by the rails: a failed verification creates no session and returns no address. */
  protected unwrapVerification(
    result: Awaited<ReturnType<ChainVerifier["verifyDepositIntent"]>>,
    paymentId: string,
  ): VerificationProof {
    if (result.ok) return result.value
    this.logger_.error(
      `stablecoin: on-chain verification failed for payment ${paymentId}; no address shown. ${result.error.message}`,
    )
    // The storefront learns which check failed, never the addresses (a tampered one must not reach a customer).
    const error = result.error
    const reason =
      error.name === "ChainVerificationError"
        ? `check ${error.check} failed`
        : `chain ${error.chainId} could not be read`
    throw new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.verificationFailed,
      `The payment address could not be verified on-chain (${reason}); nothing was shown. Please try again or choose another method.`,
    )
  }

  protected paymentUri(proof: VerificationProof, amount: string): string {
    return buildErc20TransferUri({
      token: proof.token,
      chainId: proof.chainId,
      to: proof.forwarder!,
      amount: BigInt(amount),
    })
  }

  protected paymentRefOf(paymentId: string) {
    return computePaymentRef(paymentId)
  }
}

function checkCurrency(code: string) {
  const upper = code?.toUpperCase()
  if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(upper)) {
    throw new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.unsupportedCurrency,
      `Stablecoin payments need a cart in EUR or USD; this cart is in ${String(code).toUpperCase()}. Use a EUR or USD region.`,
    )
  }
  return upper as (typeof SUPPORTED_CURRENCIES)[number]
}

/** Cart total as the service wants it: a decimal number with the currency's 2 places. */
function toFiatNumber(amount: InitiatePaymentInput["amount"]): number {
  return Number(MathBN.convert(amount).decimalPlaces(2).toFixed(2))
}

/** The cart total, checked before any call: a positive, finite, plausible amount in cents. */
function checkTotal(amount: InitiatePaymentInput["amount"]): number {
  const total = toFiatNumber(amount)
  if (!Number.isFinite(total) || total <= 0 || total > MAX_CART_TOTAL) {
    throw new StablecoinStoreError(
      STOREFRONT_ERROR_CODES.invalidAmount,
      `The cart total must be greater than 0 and at most ${MAX_CART_TOTAL} (rounded to cents) for a stablecoin payment; got ${String(MathBN.convert(amount).toFixed())}. Check the cart.`,
    )
  }
  return total
}
