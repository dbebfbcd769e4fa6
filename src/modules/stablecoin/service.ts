import { randomUUID } from "node:crypto"
import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import type { IssuedSessionPayment, PaymentBooks, SessionBook } from "#src/lib/ledger/payment-books"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import type { PluginOptions } from "#src/lib/options/index"
import { pluginRuntimeOf, type PluginRuntime } from "#src/lib/runtime/plugin-runtime"
import * as chainScans from "./chain-scans"
import type { ChainScanRow, ClaimChainScansInput, ReceiptInput } from "./chain-scans"
import * as ledger from "./ledger"
import type { LedgerPaymentUpdate } from "./ledger"
import * as medusaData from "./medusa-data"
import { StablecoinPayment, StablecoinPaymentReceipt, StablecoinReconcileRun, StablecoinWebhookEvent } from "./models"
import * as pollSchedule from "./poll-schedule"
import type { ClaimedPaymentRow, PollUpdate } from "./poll-schedule"
import * as readBudget from "./read-budget"
import { claimRefundScans, finishRefundScans, type RefundScan, type RefundScanRow } from "./refund-scans"
import * as sessionBooks from "./session-books"
import type { LedgerPayment, ProcessedWebhookEvent } from "./types"
import { overdueUnfinishedOrders, type OverdueUnfinishedOrder } from "./unfinished-orders"
import { createWebhookApplier, type WebhookApplier } from "./webhook-applier"
import * as webhookInbox from "./webhook-inbox"
import type { RecordWebhookEventInput, ReprocessableWebhookEvent } from "./webhook-inbox"

export type { ChainScanRow, ReceiptInput } from "./chain-scans"
export type { LedgerPaymentUpdate } from "./ledger"
export type { ClaimedPaymentRow } from "./poll-schedule"
export { STOREFRONT_READ_BUDGET_LOCK } from "./read-budget"
export { WEBHOOK_RETRY_DELAYS_MS } from "./webhook-applier"
export type { RecordWebhookEventInput, ReprocessableWebhookEvent } from "./webhook-inbox"

/**
 * The plugin's hub: the parsed options, the one service client (and its no-wait twin for shoppers'
 * requests), the chain verifier and its caches, and the module's entry points. Each entry point is
 * one line over the file of its concern: webhook-inbox.ts, poll-schedule.ts, chain-scans.ts,
 * refund-scans.ts, ledger.ts (a payment's row and its refunds), read-budget.ts, session-books.ts,
 * unfinished-orders.ts; every statement on a table Medusa owns is in medusa-data.ts. Routes, jobs,
 * subscribers and workflows resolve it; none parses options or builds a client of its own.
 */
class StablecoinModuleService extends MedusaService({
  StablecoinPayment,
  StablecoinWebhookEvent,
  StablecoinReconcileRun,
  StablecoinPaymentReceipt,
}) {
  private readonly runtime: PluginRuntime
  private readonly webhookApplier: WebhookApplier

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.runtime = pluginRuntimeOf(options)
    // The providers' only way to the ledger (Medusa gives them no container of the plugin's): lib/ledger/payment-books.ts.
    const books: PaymentBooks = {
      recordIssuedPayment: (payment) => this.recordIssuedPayment(payment),
      bookOfSession: (sessionId) => this.retrieveSessionBook(sessionId),
    }
    this.runtime.attachBooks(books)
    this.webhookApplier = createWebhookApplier({
      logger: container.logger as Logger,
      concurrency: this.runtime.options.observationConcurrency,
      flagExhausted: () => this.flagExhaustedWebhookEvents(this.runtime.options.reconcile.maxWebhookEventAttempts),
    })
  }

  /** Applies a stored webhook event off the request path in this process (webhook-applier.ts); never throws. */
  async applyWebhookEventInBackground(
    eventId: string,
    apply: () => Promise<ProcessedWebhookEvent | null>,
  ): Promise<ProcessedWebhookEvent | null> {
    return this.webhookApplier(eventId, apply)
  }

  get options(): PluginOptions {
    return this.runtime.options
  }

  /** The service client; waits out a short 429. */
  get client() {
    return this.runtime.client
  }

  /** The service client for a shopper's request: never waits on a 429. */
  get storefrontClient() {
    return this.runtime.storefrontClient
  }

  get verifier() {
    return this.runtime.verifier
  }

  /** A no-retry, no-cache client of a configured chain's RPC, or null for a chain not configured. */
  rpcClient(chainId: number) {
    return this.runtime.rpcClient(chainId)
  }

  private execute(sharedContext: Context) {
    // The transaction's manager inside @InjectTransactionManager, the plain one inside @InjectManager.
    const manager = (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager
    return manager.execute.bind(manager) as SqlEntityManager["execute"]
  }

  // Session books (session-books.ts): what the providers record and read.

  /** The ledger row of a service payment, or null for a payment this store's providers never issued. */
  async findLedgerPayment({ paymentId }: { paymentId: string }): Promise<LedgerPayment | null> {
    return (await this.listStablecoinPayments({ payment_id: paymentId }))[0] ?? null
  }

  /** Records a payment a provider issued, bound to its Medusa session (PaymentBooks; session-books.ts). */
  @InjectManager()
  async recordIssuedPayment(
    payment: IssuedSessionPayment,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    await sessionBooks.recordIssuedPayment(this.execute(sharedContext), payment, this.options.reconcile)
  }

  /** A session's book (PaymentBooks; session-books.ts); null for a session with none. */
  @InjectManager()
  async retrieveSessionBook(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<SessionBook | null> {
    return sessionBooks.retrieveSessionBook(this.execute(sharedContext), sessionId)
  }

  /** The newest payment the plugin issued for a session (a re-quote issues a newer one); null for none. */
  @InjectManager()
  async retrieveCurrentPaymentOfSession(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerPayment | null> {
    return sessionBooks.currentPaymentOfSession(this.execute(sharedContext), sessionId)
  }

  /**
   * Records a confirmation or in-flight evidence on the ledger row it was judged for, while the row
   * still belongs to the session the fact names; the first confirmation recorded stands. Callers
   * hold the cart's lock (docs/architecture.md#the-cart-lock). Throws when the row is not that session's.
   */
  @InjectManager()
  async recordPaymentFact(
    rowId: string,
    fact: { confirmation: PaymentConfirmation } | { inFlight: PaymentInFlight },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    if (!(await sessionBooks.recordPaymentFact(this.execute(sharedContext), rowId, fact)))
      throw new Error(
        `stablecoin: ledger row ${rowId} is not the payment of the session the fact names; it was not recorded`,
      )
  }

  // Medusa's own rows (medusa-data.ts).

  @InjectManager()
  async retrievePaymentSession(sessionId: string, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.paymentSessionById(this.execute(sharedContext), sessionId)
  }

  /** A cart's payment sessions, oldest first, and its order once placed; null when there is no such cart. */
  @InjectManager()
  async retrievePaymentSessionsOfCart(cartId: string, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.paymentSessionsOfCart(this.execute(sharedContext), cartId)
  }

  @InjectManager()
  async retrieveOrderOfCart(cartId: string, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    return medusaData.orderOfCart(this.execute(sharedContext), cartId)
  }

  @InjectManager()
  async isOrderCanceled(orderId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    return medusaData.isOrderCanceled(this.execute(sharedContext), orderId)
  }

  @InjectManager()
  async retrieveSessionPayment(sessionId: string, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.paymentOfSession(this.execute(sharedContext), sessionId)
  }

  /** A session with its Medusa payment, cart, order and whether another payment settled its collection, in one statement. */
  @InjectManager()
  async retrieveSessionState(sessionId: string, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.sessionState(this.execute(sharedContext), sessionId)
  }

  @InjectManager()
  async retrieveMedusaPayment(paymentId: string, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.paymentById(this.execute(sharedContext), paymentId)
  }

  @InjectManager()
  async listPaymentLinks(sessionIds: string[], @MedusaContext() sharedContext: Context = {}) {
    return medusaData.linksOfSessions(this.execute(sharedContext), sessionIds)
  }

  @InjectManager()
  async listSessionIdsOf(of: { order_id?: string; cart_id?: string }, @MedusaContext() sharedContext: Context = {}) {
    return medusaData.sessionIdsOf(this.execute(sharedContext), of)
  }

  // The webhook inbox (webhook-inbox.ts).

  @InjectManager()
  async recordWebhookEvent(input: RecordWebhookEventInput, @MedusaContext() sharedContext: Context = {}) {
    return webhookInbox.recordWebhookEvent(this.execute(sharedContext), input)
  }

  @InjectManager()
  async claimWebhookEvent(
    eventId: string,
    claimToken: string = randomUUID(),
    @MedusaContext() sharedContext: Context = {},
  ) {
    return webhookInbox.claimWebhookEvent(this.execute(sharedContext), eventId, claimToken)
  }

  @InjectManager()
  async webhookEventState(eventId: string, @MedusaContext() sharedContext: Context = {}) {
    return webhookInbox.webhookEventState(this.execute(sharedContext), eventId)
  }

  @InjectManager()
  async listReprocessableWebhookEvents(
    query: { limit: number; maxAttempts: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ReprocessableWebhookEvent[]> {
    return webhookInbox.listReprocessableWebhookEvents(this.execute(sharedContext), query)
  }

  @InjectManager()
  async finishWebhookEvent(
    eventId: string,
    claimToken: string,
    state: "processed" | "failed" | "ignored",
    outcome: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    return webhookInbox.finishWebhookEvent(this.execute(sharedContext), eventId, claimToken, state, outcome)
  }

  @InjectManager()
  async flagExhaustedWebhookEvents(maxAttempts: number, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return webhookInbox.flagExhaustedWebhookEvents(this.execute(sharedContext), maxAttempts)
  }

  @InjectManager()
  async listConfirmedPaymentsWithoutWebhook(@MedusaContext() sharedContext: Context = {}) {
    return webhookInbox.listConfirmedPaymentsWithoutWebhook(this.execute(sharedContext))
  }

  // The poll schedule (poll-schedule.ts).

  @InjectManager()
  async claimDuePayments(
    claim: { holder: string; now: Date; limit: number; finalStatuses: Record<"connect" | "deposit", string[]> },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ClaimedPaymentRow[]> {
    return pollSchedule.claimDuePayments(this.execute(sharedContext), claim)
  }

  @InjectManager()
  async finishPoll(id: string, holder: string, update: PollUpdate, @MedusaContext() sharedContext: Context = {}) {
    return pollSchedule.finishPoll(this.execute(sharedContext), id, holder, update)
  }

  @InjectManager()
  async releasePollClaims(ids: string[], holder: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await pollSchedule.releasePollClaims(this.execute(sharedContext), ids, holder)
  }

  // Chain scans (chain-scans.ts, refund-scans.ts).

  @InjectManager()
  async claimChainScans(
    input: ClaimChainScansInput,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ChainScanRow[]> {
    return chainScans.claimChainScans(this.execute(sharedContext), input)
  }

  @InjectManager()
  async recordReceipts(receipts: ReceiptInput[], @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return chainScans.recordReceipts(this.execute(sharedContext), receipts)
  }

  @InjectManager()
  async finishChainScan(id: string, scannedTo: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await chainScans.finishChainScan(this.execute(sharedContext), id, scannedTo)
  }

  @InjectManager()
  async claimRefundScans(
    claim: { now: Date; everyMinutes: number; limit: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<RefundScanRow[]> {
    return claimRefundScans(this.execute(sharedContext), claim)
  }

  @InjectTransactionManager()
  async finishRefundScans(
    paymentRowId: string,
    scans: RefundScan[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    await finishRefundScans(this.execute(sharedContext), paymentRowId, scans)
  }

  // A payment's ledger row and its refunds (ledger.ts).

  @InjectManager()
  async updateLedgerPayment(update: LedgerPaymentUpdate, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await ledger.updateLedgerPayment(this.execute(sharedContext), update)
  }

  @InjectManager()
  async updateLedgerPaymentUnlessTxHeld(
    update: LedgerPaymentUpdate,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    return ledger.updateLedgerPaymentUnlessTxHeld(this.execute(sharedContext), update)
  }

  @InjectManager()
  async findTxHashHolder(
    chainId: number,
    txHash: string,
    paymentId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<string | null> {
    return ledger.findTxHashHolder(this.execute(sharedContext), { chainId, txHash, paymentId })
  }

  @InjectManager()
  async findRefundsByTxHash(txHash: string, @MedusaContext() sharedContext: Context = {}) {
    return ledger.findRefundsByTxHash(this.execute(sharedContext), txHash)
  }

  @InjectTransactionManager()
  async markRefundsAnnounced(
    paymentRowId: string,
    refundIds: string[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    await ledger.markRefundsAnnounced(this.execute(sharedContext), paymentRowId, refundIds)
  }

  @InjectTransactionManager()
  async addRefunds(
    paymentRowId: string,
    refunds: LedgerRefund[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund[]> {
    return ledger.addRefunds(this.execute(sharedContext), paymentRowId, refunds)
  }

  @InjectTransactionManager()
  async oweBackForCanceledOrder(
    paymentRowId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund | null> {
    return ledger.oweBackForCanceledOrder(this.execute(sharedContext), paymentRowId)
  }

  /**
   * Copies the refunds the provider recorded on a Medusa payment into the payment's ledger row
   * (ledger.refundsOfMedusaPayment), so what a customer is owed is listed for the merchant and
   * never lives only in payment data or a log line.
   */
  async recordMedusaRefunds(paymentRowId: string, payment: medusaData.MedusaSessionPayment): Promise<LedgerRefund[]> {
    const refunds = ledger.refundsOfMedusaPayment(payment)
    return refunds.length ? this.addRefunds(paymentRowId, refunds) : []
  }

  @InjectTransactionManager()
  async recordRefundSent(
    paymentRowId: string,
    refundId: string,
    sent: { txHash: string; sentAt: string; sentFrom?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund[]> {
    return ledger.recordRefundSent(this.execute(sharedContext), paymentRowId, refundId, sent)
  }

  @InjectTransactionManager()
  async recordRefundAddress(
    paymentRowId: string,
    refundAddress: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    return ledger.recordRefundAddress(this.execute(sharedContext), paymentRowId, refundAddress)
  }

  @InjectManager()
  async listOverdueUnfinishedOrders(
    { now, limit, paymentRowId }: { now: Date; limit: number; paymentRowId?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<OverdueUnfinishedOrder[]> {
    const graceHours = this.options.unpaidOrderGraceHours
    return overdueUnfinishedOrders(this.execute(sharedContext), { now, graceHours, limit, paymentRowId })
  }

  // The service read budget (read-budget.ts).

  @InjectTransactionManager()
  async claimStorefrontRead(
    claim: { rowId: string; minIntervalMs: number; limit: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    return readBudget.claimStorefrontRead(this.execute(sharedContext), claim)
  }

  @InjectManager()
  async claimRefresh(
    id: string,
    minIntervalMs: number,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    return readBudget.claimRefresh(this.execute(sharedContext), id, minIntervalMs)
  }
}

export default StablecoinModuleService
