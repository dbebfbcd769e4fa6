import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Transaction hashes are stored lower-case (one spelling), so findTxHashHolder uses IDX_stablecoin_payment_tx_hash. */
export class Migration20261123120500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "stablecoin_payment" set "tx_hash" = lower("tx_hash") where "tx_hash" <> lower("tx_hash");`)
  }

  override async down(): Promise<void> {
    // Lower-casing cannot be undone and needs no undoing: hashes are case-insensitive.
  }
}
