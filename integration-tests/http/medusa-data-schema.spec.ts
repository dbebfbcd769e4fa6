import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import * as medusaData from "#src/modules/stablecoin/medusa-data"
import { useStablecoinStack } from "./helpers/stablecoin-stack"

jest.setTimeout(120_000)

// With Medusa's Postgres locking provider, so its `locking` table is migrated like a store's that runs it.
process.env.LOCKING_PROVIDER = "postgres"

useStablecoinStack()

type Execute = ReturnType<typeof medusaData.knexExecute>

/**
 * Every statement the plugin runs on a table Medusa owns (src/modules/stablecoin/medusa-data.ts),
 * run against the schema of the Medusa version installed, inside a transaction that is rolled back,
 * with parameters of the shapes the plugin passes. Postgres resolves every table and column of a
 * statement before it reads a row, so an upgrade that renames or drops one fails the test named
 * after that statement.
 */
const STATEMENTS: Record<string, (execute: Execute) => Promise<unknown>> = {
  paymentSessionById: (x) => medusaData.paymentSessionById(x, "payses_schema"),
  paymentSessionsOfCart: (x) => medusaData.paymentSessionsOfCart(x, "cart_schema"),
  orderOfCart: (x) => medusaData.orderOfCart(x, "cart_schema"),
  isOrderCanceled: (x) => medusaData.isOrderCanceled(x, "order_schema"),
  paymentOfSession: (x) => medusaData.paymentOfSession(x, "payses_schema"),
  paymentById: (x) => medusaData.paymentById(x, "pay_schema"),
  sessionState: (x) => medusaData.sessionState(x, "payses_schema"),
  linksOfSessions: (x) => medusaData.linksOfSessions(x, ["payses_schema", "payses_other"]),
  sessionIdsOf: async (x) => {
    await medusaData.sessionIdsOf(x, { order_id: "order_schema" })
    await medusaData.sessionIdsOf(x, { cart_id: "cart_schema" })
    return medusaData.sessionIdsOf(x, { order_id: "order_schema", cart_id: "cart_schema" })
  },
  listAwaitingPayments: (x) =>
    medusaData.listAwaitingPayments(x, {
      statuses: ["underpaid", "waiting"],
      placedBefore: new Date(),
      limit: 10,
      paymentRowId: "scpay_schema",
    }),
  hasLockingTable: async (x) => expect(await medusaData.hasLockingTable(x)).toBe(true),
  deleteEndedLocks: (x) => medusaData.deleteEndedLocks(x, ["stablecoin-payment:pay_schema", "cart_schema"]),
}

/** Exports of the adapter that are not statements. */
const NOT_STATEMENTS = new Set(["knexExecute", "pgArray"])

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    let container: MedusaContainer
    beforeAll(() => {
      container = getContainer()
    })

    async function inRolledBackTransaction(run: (execute: Execute) => Promise<unknown>) {
      const trx = await container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION).transaction()
      try {
        await run(medusaData.knexExecute(trx))
      } finally {
        await trx.rollback()
      }
    }

    it("every statement of the adapter is listed here", () => {
      const exported = Object.entries(medusaData)
        .filter(([name, value]) => typeof value === "function" && !NOT_STATEMENTS.has(name))
        .map(([name]) => name)
        .sort()
      expect(exported).toEqual(Object.keys(STATEMENTS).sort())
    })

    for (const [name, run] of Object.entries(STATEMENTS)) {
      it(`${name} runs on the installed Medusa's schema`, async () => {
        await inRolledBackTransaction(run)
      })
    }

    it("a statement naming a column the schema lacks fails (the check above can fail)", async () => {
      await expect(
        inRolledBackTransaction((x) => x(`select s.no_such_column from payment_session s where s.id = ?`, ["x"])),
      ).rejects.toThrow(/no_such_column/)
    })
  },
})
