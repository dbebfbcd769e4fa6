import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128150655 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_payment" drop constraint if exists "stablecoin_payment_tx_hash_unique";`,
    )
    this.addSql(`drop index if exists "IDX_stablecoin_payment_tx_hash";`)

    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_stablecoin_payment_tx_hash_unique" ON "stablecoin_payment" ("chain_id", "tx_hash") WHERE tx_hash IS NOT NULL AND deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_stablecoin_payment_tx_hash_unique";`)

    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_tx_hash" ON "stablecoin_payment" ("chain_id", "tx_hash") WHERE deleted_at IS NULL;`,
    )
  }
}
