import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121223049 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "provider_id" type text using ("provider_id"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "provider_id" drop not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "token_address" type text using ("token_address"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "token_address" drop not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "token_decimals" type integer using ("token_decimals"::integer);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "token_decimals" drop not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "currency_code" type text using ("currency_code"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "currency_code" drop not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "fiat_amount" type text using ("fiat_amount"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fiat_amount" drop not null;`)
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fx_rate" type text using ("fx_rate"::text);`)
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fx_rate" drop not null;`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "provider_id" type text using ("provider_id"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "provider_id" set not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "token_address" type text using ("token_address"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "token_address" set not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "token_decimals" type integer using ("token_decimals"::integer);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "token_decimals" set not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "currency_code" type text using ("currency_code"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "currency_code" set not null;`)
    this.addSql(
      `alter table if exists "stablecoin_payment" alter column "fiat_amount" type text using ("fiat_amount"::text);`,
    )
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fiat_amount" set not null;`)
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fx_rate" type text using ("fx_rate"::text);`)
    this.addSql(`alter table if exists "stablecoin_payment" alter column "fx_rate" set not null;`)
  }
}
