import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128185751 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "stablecoin_payment" add column if not exists "refund_address" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "stablecoin_payment" drop column if exists "refund_address";`)
  }
}
