import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123102737 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "stablecoin_reconcile_run" ("id" text not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "result" jsonb null, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "stablecoin_reconcile_run_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_reconcile_run_deleted_at" ON "stablecoin_reconcile_run" ("deleted_at") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `alter table if exists "stablecoin_payment" add column if not exists "tolerance_bps" integer null, add column if not exists "mismatch" jsonb null, add column if not exists "last_refreshed_at" timestamptz null, add column if not exists "poll_claimed_by" text null, add column if not exists "poll_claimed_at" timestamptz null;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_attention" ON "stablecoin_payment" ("attention") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_tx_hash" ON "stablecoin_payment" ("chain_id", "tx_hash") WHERE deleted_at IS NULL;`,
    )

    this.addSql(`alter table if exists "stablecoin_webhook_event" add column if not exists "claim_token" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stablecoin_reconcile_run" cascade;`)

    this.addSql(`drop index if exists "IDX_stablecoin_payment_attention";`)
    this.addSql(`drop index if exists "IDX_stablecoin_payment_tx_hash";`)
    this.addSql(
      `alter table if exists "stablecoin_payment" drop column if exists "tolerance_bps", drop column if exists "mismatch", drop column if exists "last_refreshed_at", drop column if exists "poll_claimed_by", drop column if exists "poll_claimed_at";`,
    )

    this.addSql(`alter table if exists "stablecoin_webhook_event" drop column if exists "claim_token";`)
  }
}
