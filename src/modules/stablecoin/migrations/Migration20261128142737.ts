import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128142737 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "stablecoin_payment" add column if not exists "confirmation" jsonb null, add column if not exists "in_flight" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "stablecoin_payment" drop column if exists "confirmation", drop column if exists "in_flight";`);
  }

}
