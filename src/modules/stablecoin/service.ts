import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { parsePluginOptions, type PluginOptions } from "../../lib/options"
import { StablecoinPayment, StablecoinReconcileRun, StablecoinWebhookEvent } from "./models"

/** A claim older than this is taken to belong to a process that died. */
const STALE_CLAIM_SECONDS = 120

export type ReprocessableWebhookEvent = { event_id: string; type: string; payload: Record<string, unknown> }

export type RecordWebhookEventInput = { event_id: string; type: string; payment_id: string | null; payload: Record<string, unknown> }

class StablecoinModuleService extends MedusaService({ StablecoinPayment, StablecoinWebhookEvent, StablecoinReconcileRun }) {
  readonly options: PluginOptions

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options = parsePluginOptions(options)
  }

  /** Records an event once; returns whether this call created the row. */
  @InjectManager()
  async recordWebhookEvent(input: RecordWebhookEventInput, @MedusaContext() sharedContext: Context = {}): Promise<{ created: boolean }> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows = await manager.execute(
      `insert into stablecoin_webhook_event (id, event_id, type, payment_id, payload, state, attempts, received_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'received', 0, now(), now(), now())
       on conflict (event_id) where deleted_at is null do nothing
       returning id`,
      [generateEntityId(undefined, "scevt"), input.event_id, input.type, input.payment_id, JSON.stringify(input.payload)]
    )
    return { created: rows.length === 1 }
  }

  /**
   * Atomically takes an event for processing. Concurrent deliveries of one event race here and
   * exactly one wins; an event left "processing" by a dead process is taken again after
   * STALE_CLAIM_SECONDS, and a failed one at once (the service retries, the reconcile job too).
   */
  @InjectManager()
  async claimWebhookEvent(eventId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows = await manager.execute(
      `update stablecoin_webhook_event
          set state = 'processing', attempts = attempts + 1, processing_started_at = now(), updated_at = now()
        where event_id = ? and deleted_at is null
          and (state in ('received', 'failed')
               or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
        returning id`,
      [eventId, STALE_CLAIM_SECONDS]
    )
    return rows.length === 1
  }

  /**
   * Events recorded but not processed, oldest first, for the reconcile job's crash recovery: the
   * ones claimWebhookEvent would take now (received, failed, or processing for longer than
   * STALE_CLAIM_SECONDS) and that have not used up `maxAttempts`. Read only: the caller claims
   * each event before processing it.
   */
  @InjectManager()
  async listReprocessableWebhookEvents(
    { limit, maxAttempts }: { limit: number; maxAttempts: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ReprocessableWebhookEvent[]> {
    const manager = sharedContext.manager as SqlEntityManager
    return manager.execute(
      `select event_id, type, payload from stablecoin_webhook_event
        where deleted_at is null and attempts < ?
          and (state in ('received', 'failed')
               or (state = 'processing' and processing_started_at < now() - make_interval(secs => ?)))
        order by received_at
        limit ?`,
      [maxAttempts, STALE_CLAIM_SECONDS, limit]
    )
  }

  @InjectManager()
  async finishWebhookEvent(
    eventId: string,
    state: "processed" | "failed" | "ignored",
    outcome: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const manager = sharedContext.manager as SqlEntityManager
    await manager.execute(
      `update stablecoin_webhook_event
          set state = ?, outcome = ?, processed_at = case when ? = 'failed' then null else now() end, updated_at = now()
        where event_id = ? and deleted_at is null`,
      [state, outcome.slice(0, 2000), state, eventId]
    )
  }
}

export default StablecoinModuleService
