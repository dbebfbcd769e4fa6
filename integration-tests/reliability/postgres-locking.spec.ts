import { defineReliabilitySuite } from "./harness/suite"

// Production variant 1: two `medusa start` processes (server + worker) on one Postgres, the
// plugin's per-payment lock in Postgres (@medusajs/locking-postgres), no Redis.
describe("reliability, Postgres locking (server + worker)", () => {
  defineReliabilitySuite("postgres")
})
