import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121215026 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_webhook_event" drop constraint if exists "stablecoin_webhook_event_event_id_unique";`,
    )
    this.addSql(
      `alter table if exists "stablecoin_payment" drop constraint if exists "stablecoin_payment_payment_id_unique";`,
    )
    this.addSql(
      `create table if not exists "stablecoin_payment" ("id" text not null, "payment_id" text not null, "payment_session_id" text null, "provider_id" text not null, "quote_id" text not null, "intent_id" text null, "rail" text check ("rail" in ('connect', 'deposit')) not null, "chain_id" integer not null, "token_symbol" text not null, "token_address" text not null, "token_decimals" integer not null, "expected_amount" text not null, "confirmed_amount" text null, "surplus_amount" text null, "currency_code" text not null, "fiat_amount" text not null, "fx_rate" text not null, "status" text not null default 'waiting', "tx_hash" text null, "confirmations" integer not null default 0, "payer_address" text null, "expires_at" timestamptz null, "verification" jsonb null, "confirmed_by" text null, "confirmed_at" timestamptz null, "captured_at" timestamptz null, "attention" text null, "refunds" jsonb null, "poll_attempts" integer not null default 0, "last_polled_at" timestamptz null, "next_poll_at" timestamptz null, "polling_stopped_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "stablecoin_payment_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_stablecoin_payment_payment_id_unique" ON "stablecoin_payment" ("payment_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_deleted_at" ON "stablecoin_payment" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_payment_session_id" ON "stablecoin_payment" ("payment_session_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_payment_next_poll_at" ON "stablecoin_payment" ("next_poll_at") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "stablecoin_webhook_event" ("id" text not null, "event_id" text not null, "type" text not null, "payment_id" text null, "state" text check ("state" in ('received', 'processing', 'processed', 'failed', 'ignored')) not null default 'received', "outcome" text null, "attempts" integer not null default 0, "payload" jsonb not null, "received_at" timestamptz not null, "processing_started_at" timestamptz null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "stablecoin_webhook_event_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_stablecoin_webhook_event_event_id_unique" ON "stablecoin_webhook_event" ("event_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_webhook_event_deleted_at" ON "stablecoin_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_stablecoin_webhook_event_state" ON "stablecoin_webhook_event" ("state") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stablecoin_payment" cascade;`)

    this.addSql(`drop table if exists "stablecoin_webhook_event" cascade;`)
  }
}
