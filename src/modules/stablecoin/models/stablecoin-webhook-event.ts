import { model } from "@medusajs/framework/utils"

/**
 * One row per webhook event id (unique): a duplicate delivery finds it and is not processed
 * again; an event recorded but not processed (a crash, a failed capture) is found by the
 * reconcile job.
 */
const StablecoinWebhookEvent = model
  .define("stablecoin_webhook_event", {
    id: model.id({ prefix: "scevt" }).primaryKey(),
    event_id: model.text().unique(),
    type: model.text(),
    payment_id: model.text().nullable(),
    state: model.enum(["received", "processing", "processed", "failed", "ignored"]).default("received"),
    outcome: model.text().nullable(),
    attempts: model.number().default(0),
    payload: model.json(),
    received_at: model.dateTime(),
    processing_started_at: model.dateTime().nullable(),
    /** Who holds the current claim: only the holder finishes the event (a stale claim taken over cannot be finished by the old holder). */
    claim_token: model.text().nullable(),
    processed_at: model.dateTime().nullable(),
  })
  .indexes([{ name: "IDX_stablecoin_webhook_event_state", on: ["state"] }])

export default StablecoinWebhookEvent
