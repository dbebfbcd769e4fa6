import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261128142737 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_payment" add column if not exists "confirmation" jsonb null, add column if not exists "in_flight" jsonb null;`,
    )
    // Payments the plugin captured before confirmations moved into the ledger kept theirs in the session's data:
    // copied once, bound to their session, for rows the plugin itself marked captured (so refunds still find them).
    // On a new store this module may migrate before the payment module: no payment_session table, nothing to copy.
    this.addSql(`do $$ begin
      if to_regclass('payment_session') is not null then
        update "stablecoin_payment" p
          set "confirmation" = (s."data"->'confirmation') - 'mac' || jsonb_build_object('sessionId', s."id")
          from "payment_session" s
          where s."id" = p."payment_session_id" and p."confirmation" is null and p."captured_at" is not null
            and jsonb_typeof(s."data"->'confirmation') = 'object' and s."data"->'confirmation'->>'paymentId' = p."payment_id";
      end if;
    end $$;`)
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "stablecoin_payment" drop column if exists "confirmation", drop column if exists "in_flight";`,
    )
  }
}
