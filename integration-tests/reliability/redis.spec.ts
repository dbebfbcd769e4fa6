import { defineReliabilitySuite } from "./harness/suite"

// Production variant 2: two `medusa start` processes (server + worker) on one Postgres, with a
// redis-server for locking (@medusajs/locking-redis), the event bus and the workflow engine.
describe("reliability, Redis locking + event bus + workflow engine (server + worker)", () => {
  defineReliabilitySuite("redis")
})
