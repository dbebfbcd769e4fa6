import { randomUUID } from "node:crypto"
import type { Context, Logger } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { canceledOrderRefund } from "#src/lib/ledger/canceled-order-refund"
import type { LedgerRefund } from "#src/lib/ledger/refunds"
import { withRefundAddress } from "#src/lib/refunds/refund-destination-of"
import type { PluginOptions } from "#src/lib/options/index"
import { pluginRuntimeOf, type PluginRuntime } from "#src/lib/runtime/plugin-runtime"
import { createBackgroundRunner, type BackgroundRunner } from "#src/lib/concurrency/create-background-runner"
import { describeError } from "#src/lib/errors/describe-error"
import { nextPollAt } from "#src/lib/reconcile/next-poll-at"
import { CONFIRMATION_SENT_STATUSES } from "#src/lib/status"
import type { PaymentConfirmation } from "#src/lib/confirmation/payment-confirmation"
import type { PaymentInFlight } from "#src/lib/confirmation/payment-in-flight"
import type { IssuedSessionPayment, PaymentBooks, SessionBook } from "#src/lib/ledger/payment-books"
import { currentPaymentOfSession, insertIssuedPayment, recordPaymentFact, sessionBookOf } from "./session-books"
import * as medusaData from "./medusa-data"
import * as chainScans from "./chain-scans"
import type { ChainScanRow, ClaimChainScansInput, ReceiptInput } from "./chain-scans"
import type { LedgerPayment, ProcessedWebhookEvent } from "./types"
import { pgArray } from "./medusa-data"
import { overdueUnfinishedOrders, type OverdueUnfinishedOrder } from "./unfinished-orders"
import { claimRefundScans, finishRefundScans, type RefundScan, type RefundScanRow } from "./refund-scans"
import { StablecoinPayment, StablecoinPaymentReceipt, StablecoinReconcileRun, StablecoinWebhookEvent } from "./models"

/** The ledger columns updateLedgerPayment may set, and those stored as jsonb. */
const LEDGER_COLUMNS = new Set(
  Object.keys(StablecoinPayment.schema).filter(
    (column) => !["id", "created_at", "updated_at", "deleted_at"].includes(column),
  ),
)
const LEDGER_JSON_COLUMNS = new Set(["verification", "mismatch", "refunds"])

export type LedgerPaymentUpdate = { id: string } & Partial<
  Omit<LedgerPayment, "id" | "created_at" | "updated_at" | "deleted_at">
>

/** Medusa's note on the refund it makes when a captured cart cannot be completed (core-flows compensate-payment-if-needed). */
const CART_COMPLETION_FAILED_NOTE = /cart completion failure/i

/** One advisory lock for the whole store's storefront read budget: claims are counted one at a time, on every instance. */
export const STOREFRONT_READ_BUDGET_LOCK = "stablecoin-storefront-read-budget"

/** Waits before the 2nd, 3rd and 4th in-process attempt of a failed webhook event. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const
/** Events waiting in one process beyond which new ones are left stored for the boot job and the reconcile job. */
const WEBHOOK_APPLIER_MAX_QUEUED = 1_000

/** The unique index that gives one transaction hash to one payment (models/stablecoin-payment.ts). */
const TX_HASH_UNIQUE_INDEX = "IDX_stablecoin_payment_tx_hash_unique"

/** A claim older than this is taken to belong to a process that died. */
const STALE_CLAIM_SECONDS = 120

export type { ChainScanRow, ReceiptInput } from "./chain-scans"

export type ReprocessableWebhookEvent = { event_id: string; type: string; payload: Record<string, unknown> }

export type RecordWebhookEventInput = {
  event_id: string
  type: string
  payment_id: string | null
  payload: Record<string, unknown>
}

/** A ledger row taken by one reconcile run, as SQL returns it. */
export type ClaimedPaymentRow = {
  id: string
  payment_id: string
  intent_id: string | null
  rail: "connect" | "deposit"
  poll_attempts: number
  created_at: Date
}

/**
 * The plugin's hub: the parsed options, the one service client (and its no-wait twin for shoppers'
 * requests), the chain verifier and its caches, the ledger (the module's own tables) and typed
 * reads of Medusa's payment data. Routes, jobs, subscribers and workflows resolve it; none parses
 * options or builds a client of its own.
 */
class StablecoinModuleService extends MedusaService({
  StablecoinPayment,
  StablecoinWebhookEvent,
  StablecoinReconcileRun,
  StablecoinPaymentReceipt,
}) {
  private readonly runtime: PluginRuntime
  private readonly logger: Logger
  private readonly webhookApplier: BackgroundRunner

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.runtime = pluginRuntimeOf(options)
    this.logger = container.logger as Logger
    // The providers' only way to the ledger (Medusa gives them no container of the plugin's): lib/ledger/payment-books.ts.
    const books: PaymentBooks = {
      recordIssuedPayment: (payment) => this.recordIssuedPayment(payment),
      bookOfSession: (sessionId) => this.retrieveSessionBook(sessionId),
    }
    this.runtime.attachBooks(books)
    this.webhookApplier = createBackgroundRunner({
      concurrency: this.runtime.options.observationConcurrency,
      maxQueued: WEBHOOK_APPLIER_MAX_QUEUED,
      retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
      // Longer than the payment lock's wait (75 s): a deadline means something is stuck.
      attemptDeadlineMs: 90_000,
    })
  }

  /**
   * Applies a stored webhook event off the request path in this process (`apply` runs the
   * workflow): `observationConcurrency` at once, retried after 1 s, 5 s and 25 s; what it cannot
   * take or finish is left stored for the boot job and the reconcile job (every minute, up to
   * reconcile.maxWebhookEventAttempts). Never throws; returns the last attempt's result, or null
   * when another holder has the event or this process is full.
   */
  async applyWebhookEventInBackground(
    eventId: string,
    apply: () => Promise<ProcessedWebhookEvent | null>,
  ): Promise<ProcessedWebhookEvent | null> {
    const last = await this.webhookApplier.run({
      attempt: apply,
      failed: (processed) => processed?.state === "failed",
      onError: (error, attempt) =>
        this.logger.error(
          `stablecoin webhook event ${eventId}: attempt ${attempt} stopped waiting: ${describeError(error)}`,
        ),
    })
    if (last === null) {
      this.logger.warn(
        `stablecoin webhook event ${eventId}: ${this.webhookApplier.queued} events already queued in this process; it stays stored for the reconcile job`,
      )
      return null
    }
    if ("result" in last && last.result?.state !== "failed") return last.result
    try {
      await this.flagExhaustedWebhookEvents(this.runtime.options.reconcile.maxWebhookEventAttempts)
    } catch (e) {
      this.logger.error(`stablecoin webhook event ${eventId}: flagging exhausted events failed: ${describeError(e)}`)
    }
    this.logger.warn(
      `stablecoin webhook event ${eventId} failed in every attempt of this process; the reconcile job retries it`,
    )
    return "result" in last ? last.result : { state: "failed", outcome: describeError(last.stopped) }
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

  /** The ledger row of a service payment, or null for a payment this store's providers never issued. */
  async findLedgerPayment({ paymentId }: { paymentId: string }): Promise<LedgerPayment | null> {
    const [row] = await this.listStablecoinPayments({ payment_id: paymentId })
    return row ?? null
  }

  /**
   * Records a payment a provider issued, bound to the Medusa session it was issued for (PaymentBooks).
   * The session must exist: Medusa commits it before it asks the provider. Throws otherwise, so no
   * session is shown a payment the ledger does not hold.
   */
  @InjectManager()
  async recordIssuedPayment(
    payment: IssuedSessionPayment,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    const execute = this.execute(sharedContext)
    const session = await medusaData.paymentSessionById(execute, payment.sessionId)
    if (!session)
      throw new Error(
        `stablecoin: payment session ${payment.sessionId} not found; payment ${payment.paymentId} was not issued`,
      )
    const now = new Date()
    // The first poll only after a few minutes: the webhook is the primary signal.
    const firstPollAt = nextPollAt({ attempts: 0, createdAt: now, now, settings: this.options.reconcile })
    await insertIssuedPayment(execute, payment, session, { id: generateEntityId(undefined, "scpay"), firstPollAt })
  }

  /** A session's book (PaymentBooks): its current payment with the recorded facts and what Medusa will capture; null for a session with none. */
  @InjectManager()
  async retrieveSessionBook(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<SessionBook | null> {
    const execute = this.execute(sharedContext)
    const session = await medusaData.paymentSessionById(execute, sessionId)
    const row = session ? await currentPaymentOfSession(execute, sessionId) : null
    return session && row ? sessionBookOf(session, row) : null
  }

  /**
   * updateLedgerPayment, unless the write gives the row a transaction hash another payment holds
   * (the unique index on chain and hash, not a check before the write): then nothing is written
   * and false is returned, for the caller to flag tx_reused.
   */
  async updateLedgerPaymentUnlessTxHeld(update: LedgerPaymentUpdate): Promise<boolean> {
    try {
      await this.updateLedgerPayment(update)
      return true
    } catch (error) {
      const pg = error as { code?: unknown; constraint?: unknown }
      if (pg.code === "23505" && pg.constraint === TX_HASH_UNIQUE_INDEX) return false
      throw error
    }
  }

  /** The newest payment the plugin issued for a session (a re-quote issues a newer one); null for none. */
  @InjectManager()
  async retrieveCurrentPaymentOfSession(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerPayment | null> {
    return currentPaymentOfSession(this.execute(sharedContext), sessionId)
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
    if (!(await recordPaymentFact(this.execute(sharedContext), rowId, fact))) {
      throw new Error(
        `stablecoin: ledger row ${rowId} is not the payment of the session the fact names; it was not recorded`,
      )
    }
  }

  /**
   * Sets columns of one ledger row in a single statement. MikroORM's update is a transaction
   * around a read and the write (BEGIN, select, update, COMMIT), paid twice per capture
   * (bench/RESULTS.md, "Where the time goes"). Only the model's own columns; jsonb ones are sent as JSON.
   */
  @InjectManager()
  async updateLedgerPayment(
    { id, ...fields }: LedgerPaymentUpdate,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
    const unknown = entries.find(([column]) => !LEDGER_COLUMNS.has(column))
    if (unknown) throw new Error(`stablecoin_payment has no column ${unknown[0]}`)
    if (!entries.length) return
    const sets = entries.map(([column]) =>
      LEDGER_JSON_COLUMNS.has(column) ? `"${column}" = ?::jsonb` : `"${column}" = ?`,
    )
    const values = entries.map(([column, value]) =>
      LEDGER_JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value,
    )
    await this.execute(sharedContext)(
      `update stablecoin_payment set ${sets.join(", ")}, updated_at = now() where id = ? and deleted_at is null`,
      [...values, id],
    )
  }

  @InjectManager()
  async retrievePaymentSession(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<medusaData.MedusaPaymentSession | null> {
    return medusaData.paymentSessionById(this.execute(sharedContext), sessionId)
  }

  /** A cart's payment sessions, oldest first, and its order once placed; null when there is no such cart. */
  @InjectManager()
  async retrievePaymentSessionsOfCart(
    cartId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<medusaData.CartPaymentSessions | null> {
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
  async retrieveSessionPayment(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<medusaData.MedusaSessionPayment | null> {
    return medusaData.paymentOfSession(this.execute(sharedContext), sessionId)
  }

  /** A session with its Medusa payment, cart, order and whether another payment settled its collection, in one statement. */
  @InjectManager()
  async retrieveSessionState(
    sessionId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<medusaData.SessionState | null> {
    return medusaData.sessionState(this.execute(sharedContext), sessionId)
  }

  @InjectManager()
  async retrieveMedusaPayment(
    paymentId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<medusaData.MedusaSessionPayment | null> {
    return medusaData.paymentById(this.execute(sharedContext), paymentId)
  }

  @InjectManager()
  async listPaymentLinks(
    sessionIds: string[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<Map<string, medusaData.PaymentLinks>> {
    return medusaData.linksOfSessions(this.execute(sharedContext), sessionIds)
  }

  @InjectManager()
  async listSessionIdsOf(
    of: { order_id?: string; cart_id?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<string[]> {
    return medusaData.sessionIdsOf(this.execute(sharedContext), of)
  }

  private execute(sharedContext: Context) {
    const manager = this.manager(sharedContext)
    return manager.execute.bind(manager) as SqlEntityManager["execute"]
  }

  /** The transaction's manager inside @InjectTransactionManager, the plain one inside @InjectManager. */
  private manager(sharedContext: Context) {
    return (sharedContext.transactionManager ?? sharedContext.manager) as SqlEntityManager
  }

  /**
   * Records an event once, in one statement: whether this call created the row, and otherwise the
   * stored event's state (a duplicate delivery costs one indexed probe, no second read). `state` is
   * null only for a delivery that raced the first one's insert and ran on a snapshot from before it.
   */
  @InjectManager()
  async recordWebhookEvent(
    input: RecordWebhookEventInput,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ created: boolean; state: string | null }> {
    const [row] = await this.manager(sharedContext).execute(
      `with inserted as (
         insert into stablecoin_webhook_event (id, event_id, type, payment_id, payload, state, attempts, received_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'received', 0, now(), now(), now())
         on conflict (event_id) where deleted_at is null do nothing
         returning state)
       select true as created, state from inserted
       union all
       select false as created, state from stablecoin_webhook_event
        where event_id = ? and deleted_at is null and not exists (select 1 from inserted)`,
      [
        generateEntityId(undefined, "scevt"),
        input.event_id,
        input.type,
        input.payment_id,
        JSON.stringify(input.payload),
        input.event_id,
      ],
    )
    return { created: row?.created === true, state: row ? String(row.state) : null }
  }

  /**
   * Atomically takes an event for processing and returns the claim's token with the stored payload
   * (verified when it arrived), or null when there is no such event, another holds it or it is finished. Concurrent deliveries of one event race here and exactly one wins;
   * an event left "processing" by a dead process is taken again after STALE_CLAIM_SECONDS, a failed
   * one at once (the service retries, the reconcile job too), up to `maxAttempts`.
   */
  @InjectManager()
  async claimWebhookEvent(
    eventId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ token: string; payload: Record<string, unknown> } | null> {
    const token = randomUUID()
    const rows: Array<{ payload: Record<string, unknown> }> = await this.manager(sharedContext).execute(
      `update stablecoin_webhook_event
          set state = 'processing', attempts = attempts + 1, processing_started_at = now(), claim_token = ?, updated_at = now()
        where event_id = ? and deleted_at is null
          and (state in ('received', 'failed')
               or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
        returning payload`,
      [token, eventId, STALE_CLAIM_SECONDS],
    )
    return rows.length === 1 ? { token, payload: rows[0]!.payload } : null
  }

  /** The event's state now: a duplicate delivery is answered with it. */
  @InjectManager()
  async webhookEventState(
    eventId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ state: string; outcome: string | null } | null> {
    const [row] = await this.manager(sharedContext).execute(
      `select state, outcome from stablecoin_webhook_event where event_id = ? and deleted_at is null`,
      [eventId],
    )
    return row ? { state: String(row.state), outcome: row.outcome === null ? null : String(row.outcome) } : null
  }

  /**
   * Events recorded but not processed, oldest first, for the reconcile job's crash recovery: the
   * ones claimWebhookEvent would take now and that have not used up `maxAttempts`. Read only: the
   * caller claims each event before processing it.
   */
  @InjectManager()
  async listReprocessableWebhookEvents(
    { limit, maxAttempts }: { limit: number; maxAttempts: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ReprocessableWebhookEvent[]> {
    return this.manager(sharedContext).execute(
      `select event_id, type, payload from stablecoin_webhook_event
        where deleted_at is null and attempts < ?
          and (state in ('received', 'failed')
               or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
        order by received_at
        limit ?`,
      [maxAttempts, STALE_CLAIM_SECONDS, limit],
    )
  }

  /** Finishes a claimed event; only the claim's holder can (a stale claim taken over is not finished by the old holder). Returns whether it did. */
  @InjectManager()
  async finishWebhookEvent(
    eventId: string,
    claimToken: string,
    state: "processed" | "failed" | "ignored",
    outcome: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const rows = await this.manager(sharedContext).execute(
      `update stablecoin_webhook_event
          set state = ?, outcome = ?, processed_at = case when ? = 'failed' then null else now() end, claim_token = null, updated_at = now()
        where event_id = ? and claim_token = ? and deleted_at is null
        returning id`,
      [state, outcome.slice(0, 2000), state, eventId, claimToken],
    )
    return rows.length === 1
  }

  /**
   * Flags the payments of events that failed every allowed attempt (attention webhook_failed),
   * unless a person already has something more specific to look at. Returns how many it flagged.
   */
  @InjectManager()
  async flagExhaustedWebhookEvents(maxAttempts: number, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const rows = await this.manager(sharedContext).execute(
      `update stablecoin_payment p set attention = 'webhook_failed', updated_at = now()
         from stablecoin_webhook_event e
        where e.payment_id = p.payment_id and e.state = 'failed' and e.attempts >= ? and e.deleted_at is null
          and p.deleted_at is null and p.captured_at is null and p.attention is null
        returning p.id`,
      [maxAttempts],
    )
    return rows.length
  }

  /**
   * Of the 50 most recent payments whose ledger status says the service sent `payment_confirmed`
   * (learned by polling or a refresh), those with no webhook event of their own: none in a store
   * whose webhooks arrive, except for the moment between the service's answer and its delivery.
   */
  @InjectManager()
  async listConfirmedPaymentsWithoutWebhook(
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ count: number; payments: Array<{ payment_id: string; rail: string; status: string }> }> {
    const payments: Array<{ payment_id: string; rail: string; status: string }> = await this.manager(
      sharedContext,
    ).execute(
      `select p.payment_id, p.rail, p.status from (
         select payment_id, rail, status, updated_at from stablecoin_payment
          where deleted_at is null and ((rail = 'connect' and status = any(?::text[])) or (rail = 'deposit' and status = any(?::text[])))
          order by updated_at desc limit 50) p
        where not exists (select 1 from stablecoin_webhook_event e where e.payment_id = p.payment_id and e.deleted_at is null)
        order by p.updated_at desc`,
      [pgArray(CONFIRMATION_SENT_STATUSES.connect), pgArray(CONFIRMATION_SENT_STATUSES.deposit)],
    )
    return { count: payments.length, payments }
  }

  /** The payment id of another row that holds `txHash` on `chainId`, if any: one transaction pays one payment. */
  @InjectManager()
  async findTxHashHolder(
    chainId: number,
    txHash: string,
    paymentId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<string | null> {
    const [row] = await this.manager(sharedContext).execute(
      `select payment_id from stablecoin_payment
        where chain_id = ? and tx_hash = ? and payment_id <> ? and deleted_at is null
        order by created_at limit 1`,
      [chainId, txHash.toLowerCase(), paymentId],
    )
    return row?.payment_id ?? null
  }

  /**
   * Takes up to `limit` due payments for one reconcile run (`holder`): not final and due, or a
   * capture left pending or failed for longer than STALE_CLAIM_SECONDS. Two runs (two
   * instances) never poll one payment at once: rows are locked with `for update skip locked` and
   * marked; a claim older than STALE_CLAIM_SECONDS belongs to a dead run and is taken over.
   */
  @InjectManager()
  async claimDuePayments(
    {
      holder,
      now,
      limit,
      finalStatuses,
    }: { holder: string; now: Date; limit: number; finalStatuses: Record<"connect" | "deposit", string[]> },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ClaimedPaymentRow[]> {
    return this.manager(sharedContext).execute(
      // id = any(array(...)): the taken ids are looked up by primary key; "id in (select ...)" let the planner
      // hash-join a sequential scan of the whole ledger (bench/RESULTS.md, "Where the time goes").
      `update stablecoin_payment set poll_claimed_by = ?, poll_claimed_at = now()
        where id = any(array(
          select id from stablecoin_payment
           where deleted_at is null and captured_at is null
             and ((polling_stopped_reason is null and next_poll_at <= ?
                   and not ((rail = 'deposit' and status = any(?::text[])) or (rail = 'connect' and status = any(?::text[]))))
                  -- A capture that was interrupted (crash) or failed: taken up again once it is stale, whatever the status.
                  or (attention in ('capture_pending', 'capture_failed') and updated_at < now() - make_interval(secs => ?)
                      and coalesce(next_poll_at, updated_at) <= ?))
             and (poll_claimed_by is null or poll_claimed_at < now() - make_interval(secs => ?))
           order by next_poll_at
           limit ?
           for update skip locked))
        returning id, payment_id, intent_id, rail, poll_attempts, created_at`,
      [
        holder,
        now,
        pgArray(finalStatuses.deposit),
        pgArray(finalStatuses.connect),
        STALE_CLAIM_SECONDS,
        now,
        STALE_CLAIM_SECONDS,
        limit,
      ],
    )
  }

  /** Moves a polled payment along its schedule and releases the claim; only the claim's holder can. */
  @InjectManager()
  async finishPoll(
    id: string,
    holder: string,
    update: {
      poll_attempts: number
      last_polled_at: Date
      next_poll_at: Date | null
      polling_stopped_reason: string | null
      attention?: string
    },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const rows = await this.manager(sharedContext).execute(
      `update stablecoin_payment
          set poll_attempts = ?, last_polled_at = ?, next_poll_at = ?, polling_stopped_reason = ?,
              attention = coalesce(?, attention), poll_claimed_by = null, poll_claimed_at = null, updated_at = now()
        where id = ? and poll_claimed_by = ? and deleted_at is null
        returning id`,
      [
        update.poll_attempts,
        update.last_polled_at,
        update.next_poll_at,
        update.polling_stopped_reason,
        update.attention ?? null,
        id,
        holder,
      ],
    )
    return rows.length === 1
  }

  /** Releases what a run still holds without polling it (the run stopped early, e.g. on a 429): those payments stay due. */
  @InjectManager()
  async releasePollClaims(ids: string[], holder: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!ids.length) return
    await this.manager(sharedContext).execute(
      `update stablecoin_payment set poll_claimed_by = null, poll_claimed_at = null where id = any(?::text[]) and poll_claimed_by = ?`,
      [pgArray(ids), holder],
    )
  }

  /**
   * Takes the right to ask the service about one payment now, at most once per `minIntervalMs`
   * across every caller and instance (admin refresh, storefront polling). Returns whether it did.
   */
  @InjectManager()
  async claimRefresh(
    id: string,
    minIntervalMs: number,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const rows = await this.manager(sharedContext).execute(
      `update stablecoin_payment set last_refreshed_at = now()
        where id = ? and deleted_at is null
          and (last_refreshed_at is null or last_refreshed_at < now() - make_interval(secs => ?))
        returning id`,
      [id, minIntervalMs / 1000],
    )
    return rows.length === 1
  }

  /** Takes payments due for a chain scan, or the one row named (chain-scans.ts). */
  @InjectManager()
  async claimChainScans(
    input: ClaimChainScansInput,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<ChainScanRow[]> {
    return chainScans.claimChainScans(this.execute(sharedContext), input)
  }

  /** Records receipts once each; returns how many were new (chain-scans.ts). */
  @InjectManager()
  async recordReceipts(receipts: ReceiptInput[], @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return chainScans.recordReceipts(this.execute(sharedContext), receipts)
  }

  /** Moves a payment's scanned-up-to block forward (chain-scans.ts). */
  @InjectManager()
  async finishChainScan(id: string, scannedTo: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await chainScans.finishChainScan(this.execute(sharedContext), id, scannedTo)
  }

  /** Every refund of any payment whose recorded transaction is `txHash` (case-insensitive): one transaction settles one refund. */
  @InjectManager()
  async findRefundsByTxHash(
    txHash: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<Array<{ payment_row_id: string; payment_id: string; refund_id: string }>> {
    return this.manager(sharedContext).execute(
      `select p.id as payment_row_id, p.payment_id, r->>'id' as refund_id
         from stablecoin_payment p, jsonb_array_elements(case when jsonb_typeof(p.refunds) = 'array' then p.refunds else '[]'::jsonb end) r
        where p.deleted_at is null and lower(r->>'txHash') = ?`,
      [txHash.toLowerCase()],
    )
  }

  /** Marks refunds as announced (the refund_due event was emitted for them). */
  @InjectTransactionManager()
  async markRefundsAnnounced(
    paymentRowId: string,
    refundIds: string[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    const manager = this.manager(sharedContext)
    const [row] = await manager.execute(`select refunds from stablecoin_payment where id = ? for update`, [
      paymentRowId,
    ])
    const at = new Date().toISOString()
    const refunds = ((row?.refunds ?? []) as LedgerRefund[]).map((r) =>
      refundIds.includes(r.id) && !r.announcedAt ? { ...r, announcedAt: at } : r,
    )
    await manager.execute(`update stablecoin_payment set refunds = ? where id = ?`, [
      JSON.stringify(refunds),
      paymentRowId,
    ])
  }

  /**
   * Adds refunds to a payment's ledger row (by id within the row: a refund already there is
   * kept as is) and flags the row refund_due while one is unsent. A surplus refund carries the
   * whole surplus its caller knows of, so only the part no listed surplus refund covers is added
   * (the capture path and the chain scan both list surpluses; the payer is owed it once).
   * Returns the row's refunds.
   */
  @InjectTransactionManager()
  async addRefunds(
    paymentRowId: string,
    refunds: LedgerRefund[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund[]> {
    const manager = this.manager(sharedContext)
    const [row] = await manager.execute(
      `select refunds, refund_address from stablecoin_payment where id = ? for update`,
      [paymentRowId],
    )
    const existing = (row?.refunds ?? []) as LedgerRefund[]
    const known = new Set(existing.map((r) => r.id))
    const merged = [...existing]
    for (const given of refunds) {
      if (known.has(given.id)) continue
      const refund = withRefundAddress(given, row?.refund_address)
      if (refund.reason !== "surplus") {
        merged.push(refund)
        continue
      }
      const listed = merged.filter((r) => r.reason === "surplus").reduce((sum, r) => sum + BigInt(r.tokenAmount), 0n)
      const left = BigInt(refund.tokenAmount) - listed
      if (left > 0n) merged.push({ ...refund, tokenAmount: left.toString() })
    }
    const due = merged.some((r) => r.state === "due")
    await manager.execute(
      `update stablecoin_payment set refunds = ?, attention = case when ? then coalesce(attention, 'refund_due') else attention end, updated_at = now() where id = ?`,
      [JSON.stringify(merged), due, paymentRowId],
    )
    return merged
  }

  /**
   * Lists everything received for a payment whose order was canceled as owed back to the payer
   * (canceledOrderRefund: only what no earlier order_canceled refund lists) and flags the row
   * order_canceled, in one transaction. The received amount is the larger of the service's
   * confirmed amount and the chain scan's sum. Returns the refund added, or null.
   */
  @InjectTransactionManager()
  async oweBackForCanceledOrder(
    paymentRowId: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund | null> {
    const manager = this.manager(sharedContext)
    const [row] = (await manager.execute(
      `select refunds, confirmed_amount, received_amount, payer_address, refund_address, token_symbol, chain_id, token_decimals from stablecoin_payment where id = ? and deleted_at is null for update`,
      [paymentRowId],
    )) as Array<
      Pick<
        LedgerPayment,
        | "refunds"
        | "confirmed_amount"
        | "received_amount"
        | "payer_address"
        | "refund_address"
        | "token_symbol"
        | "chain_id"
        | "token_decimals"
      >
    >
    if (!row || row.token_decimals === null) return null
    const confirmed = BigInt(row.confirmed_amount ?? "0")
    const scanned = BigInt(row.received_amount ?? "0")
    const refunds = (row.refunds ?? []) as LedgerRefund[]
    const owed = canceledOrderRefund({
      received: scanned > confirmed ? scanned : confirmed,
      refunds,
      token: row.token_symbol,
      chainId: row.chain_id,
      tokenDecimals: row.token_decimals,
      payerAddress: row.payer_address,
      now: new Date(),
    })
    if (!owed) return null
    const refund = withRefundAddress(owed, row.refund_address)
    await manager.execute(
      `update stablecoin_payment set refunds = ?, attention = 'order_canceled', updated_at = now() where id = ?`,
      [JSON.stringify([...refunds, refund]), paymentRowId],
    )
    return refund
  }

  /**
   * Copies the refunds the provider recorded on a Medusa payment (its `data.refunds`, one per
   * refundPayment call, in order) into the payment's ledger row, so what a customer is owed is
   * listed for the merchant and never lives only in payment data or a log line. Medusa's refund
   * records, in the same order, tell why (a merchant's refund, or a failed cart completion).
   */
  async recordMedusaRefunds(paymentRowId: string, payment: medusaData.MedusaSessionPayment): Promise<LedgerRefund[]> {
    const recorded = ((payment.data?.refunds ?? []) as LedgerRefund[]).filter((r) => r && typeof r.id === "string")
    if (!recorded.length) return []
    const medusaRefunds = [...payment.refunds].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    const refunds = recorded.map((refund, i) =>
      CART_COMPLETION_FAILED_NOTE.test(medusaRefunds[i]?.note ?? "")
        ? { ...refund, reason: "cart_completion_failed" as const }
        : refund,
    )
    return this.addRefunds(paymentRowId, refunds)
  }

  /**
   * Takes the right to read one payment from the service for a shopper's page, within the store's
   * budget. The ledger's last_refreshed_at is the record: a read is counted by setting it, so the
   * rows set in the last second are the reads of the last second, across every cart and every
   * instance (they share the database). Counting and taking happen under one transaction-scoped
   * advisory lock, so two instances never both take the last read. The lock is tried, not waited
   * for: a claim that finds it taken takes no read (the page shows the last known state, a
   * completion is answered 409 and asks again), so a flood never parks pooled connections in a
   * queue on it while captures wait for one (RELIABILITY.md, "Deferred authorization under load
   * and abuse"). Returns whether this call took it.
   */
  @InjectTransactionManager()
  async claimStorefrontRead(
    { rowId, minIntervalMs, limit }: { rowId: string; minIntervalMs: number; limit: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const manager = this.manager(sharedContext)
    const [locked] = await manager.execute(`select pg_try_advisory_xact_lock(hashtext(?)) as had`, [
      STOREFRONT_READ_BUDGET_LOCK,
    ])
    if (!locked?.had) return false
    const rows = await manager.execute(
      `update stablecoin_payment set last_refreshed_at = clock_timestamp()
        where id = ? and deleted_at is null
          and (last_refreshed_at is null or last_refreshed_at < clock_timestamp() - make_interval(secs => ?))
          and (select count(*) from stablecoin_payment
                where deleted_at is null and last_refreshed_at > clock_timestamp() - interval '1 second') < ?
        returning id`,
      [rowId, minIntervalMs / 1000, limit],
    )
    return rows.length === 1
  }

  /** Records that a due refund was sent (its transfer checked on-chain by the caller); clears refund_due when none is left. */
  @InjectTransactionManager()
  async recordRefundSent(
    paymentRowId: string,
    refundId: string,
    sent: { txHash: string; sentAt: string; sentFrom?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<LedgerRefund[]> {
    const manager = this.manager(sharedContext)
    const [row] = await manager.execute(`select refunds, attention from stablecoin_payment where id = ? for update`, [
      paymentRowId,
    ])
    const refunds = ((row?.refunds ?? []) as LedgerRefund[]).map((r) =>
      r.id === refundId && r.state === "due" ? { ...r, state: "sent" as const, ...sent } : r,
    )
    const due = refunds.some((r) => r.state === "due")
    await manager.execute(
      `update stablecoin_payment set refunds = ?, attention = case when ? then attention when attention in ('refund_due', 'order_canceled') then null else attention end, updated_at = now() where id = ?`,
      [JSON.stringify(refunds), due, paymentRowId],
    )
    return refunds
  }

  /**
   * Orders awaiting a payment that may never finish whose grace (unpaidOrderGraceHours) is over at
   * `now`, oldest order first, each with the rule's verdict and its last failed close: at most
   * `limit` besides those whose close failed lately (unfinished-orders.ts), or only `paymentRowId`.
   */
  @InjectManager()
  async listOverdueUnfinishedOrders(
    { now, limit, paymentRowId }: { now: Date; limit: number; paymentRowId?: string },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<OverdueUnfinishedOrder[]> {
    return overdueUnfinishedOrders(this.execute(sharedContext), {
      now,
      graceHours: this.options.unpaidOrderGraceHours,
      limit,
      paymentRowId,
    })
  }

  /** Takes a bounded batch of payments with due refunds for the chain scan that finds refund transfers (refund-scans.ts). */
  @InjectManager()
  async claimRefundScans(
    { now, everyMinutes, limit }: { now: Date; everyMinutes: number; limit: number },
    @MedusaContext() sharedContext: Context = {},
  ): Promise<RefundScanRow[]> {
    return claimRefundScans(this.execute(sharedContext), { now, everyMinutes, limit })
  }

  /** Records how far each of a payment's refunds was scanned and its near miss, in one transaction (refund-scans.ts). */
  @InjectTransactionManager()
  async finishRefundScans(
    paymentRowId: string,
    scans: RefundScan[],
    @MedusaContext() sharedContext: Context = {},
  ): Promise<void> {
    await finishRefundScans(this.execute(sharedContext), paymentRowId, scans)
  }

  /**
   * Records where the shopper wants refunds to go (the store route checked the address and that this
   * is the cart's current payment), only while no refund of the payment is listed: anyone holding the
   * cart id (a shared "continue on your phone" link) can call the route, so money already owed never
   * changes destination on a storefront's word. Returns false, writing nothing, once a refund is
   * listed. Under the row's lock, like every other write of the refunds.
   */
  @InjectTransactionManager()
  async recordRefundAddress(
    paymentRowId: string,
    refundAddress: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const manager = this.manager(sharedContext)
    const [row] = await manager.execute(
      `select refunds from stablecoin_payment where id = ? and deleted_at is null for update`,
      [paymentRowId],
    )
    if (!row || ((row.refunds ?? []) as LedgerRefund[]).length > 0) return false
    await manager.execute(`update stablecoin_payment set refund_address = ?, updated_at = now() where id = ?`, [
      refundAddress,
      paymentRowId,
    ])
    return true
  }
}

export default StablecoinModuleService
