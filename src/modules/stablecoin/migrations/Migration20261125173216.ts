import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125173216 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "stablecoin_payment_receipt" ("id" text not null, "payment_id" text not null, "chain_id" integer not null, "tx_hash" text not null, "log_index" integer not null, "block_number" text not null, "kind" text check ("kind" in ('transfer', 'deposit')) not null, "token_address" text not null, "from_address" text not null, "to_address" text not null, "amount" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "stablecoin_payment_receipt_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_receipt_deleted_at" ON "stablecoin_payment_receipt" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_stablecoin_payment_receipt_log" ON "stablecoin_payment_receipt" ("chain_id", "tx_hash", "log_index") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_receipt_payment_id" ON "stablecoin_payment_receipt" ("payment_id") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `alter table if exists "stablecoin_payment" add column if not exists "received_amount" text null, add column if not exists "chain_scanned_to_block" text null, add column if not exists "chain_scanned_at" timestamptz null;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_chain_scanned_at" ON "stablecoin_payment" ("chain_scanned_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stablecoin_payment_receipt" cascade;`)

    this.addSql(`drop index if exists "IDX_stablecoin_payment_chain_scanned_at";`)
    this.addSql(
      `alter table if exists "stablecoin_payment" drop column if exists "received_amount", drop column if exists "chain_scanned_to_block", drop column if exists "chain_scanned_at";`,
    )
  }
}
