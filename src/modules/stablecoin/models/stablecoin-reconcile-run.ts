import { model } from "@medusajs/framework/utils"

/** One row per reconcile run: when it ran and what it found, for the admin's health panel. */
const StablecoinReconcileRun = model.define("stablecoin_reconcile_run", {
  id: model.id({ prefix: "screc" }).primaryKey(),
  started_at: model.dateTime(),
  finished_at: model.dateTime().nullable(),
  /** The run's counts (polled, captured, failed, rate limited, events reprocessed…). */
  result: model.json().nullable(),
  /** Readable text of the error that ended the run, if one did. */
  error: model.text().nullable(),
})

export default StablecoinReconcileRun
