import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128182703 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_awaited_by_order" ON "stablecoin_payment" ("status") WHERE in_flight IS NOT NULL AND captured_at IS NULL AND deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_stablecoin_payment_awaited_by_order";`)
  }
}
