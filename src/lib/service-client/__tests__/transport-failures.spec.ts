import {
  createServiceClient,
  PoolCreationOutcomeUnknownError,
  ServiceNetworkError,
  ServiceTimeoutError,
  type ServiceClient,
  type ServiceEndpoint,
} from ".."
import { addresses, quoteRequest } from "./fixtures"
import { startTestServer, useTestServer } from "./test-server"

const apiKey = "pk_test_transport"
const server = useTestServer()

const calls: Record<ServiceEndpoint, (c: ServiceClient) => ReturnType<ServiceClient[keyof ServiceClient]>> = {
  "create-quote": (c) => c.createQuote(quoteRequest),
  "create-pool-connect": (c) => c.createPoolConnect({ quoteId: "quo_01", payerAddress: addresses.payout }),
  "create-pool-deposit": (c) => c.createPoolDeposit({ quoteId: "quo_01" }),
  "pool-deposit-status": (c) => c.poolDepositStatus({ id: "int_01" }),
}

async function failure(endpoint: ServiceEndpoint, baseUrl = server.url) {
  const result = await calls[endpoint](createServiceClient({ baseUrl, apiKey, timeoutMs: 200, quoteRetries: 2 }))
  if (result.ok) throw new Error("expected the call to fail")
  expect(result.error.message).not.toContain(apiKey)
  return result.error
}

describe("timeout", () => {
  it.each(["create-quote", "pool-deposit-status"] as const)("%s -> ServiceTimeoutError", async (endpoint) => {
    server.reply({ action: "hang" })
    const error = await failure(endpoint)
    expect(error).toBeInstanceOf(ServiceTimeoutError)
    expect(error).toMatchObject({ endpoint, status: undefined, code: "service_timeout", retryable: "retryable" })
    expect(error.message).toMatch(/No complete answer from the service within 200 ms/)
  })

  it.each(["create-pool-connect", "create-pool-deposit"] as const)(
    "%s -> PoolCreationOutcomeUnknownError, not resent",
    async (endpoint) => {
      server.reply({ action: "hang" }, { action: "hang" })
      const error = await failure(endpoint)
      expect(error).toBeInstanceOf(PoolCreationOutcomeUnknownError)
      expect(error).toMatchObject({ endpoint, code: "pool_creation_outcome_unknown", retryable: "indeterminate" })
      expect(error.message).toMatch(
        /No answer within 200 ms after the request may have reached the service.*start again with a fresh quote/,
      )
      expect(server.requests).toHaveLength(1)
    },
  )
})

describe("timeout while reading the body", () => {
  it("pool-deposit-status -> ServiceTimeoutError", async () => {
    server.reply({ action: "stall-body" })
    expect(await failure("pool-deposit-status")).toBeInstanceOf(ServiceTimeoutError)
  })

  it("create-pool-deposit -> PoolCreationOutcomeUnknownError: the service answered, the payment exists", async () => {
    server.reply({ action: "stall-body" }, { action: "stall-body" })
    expect(await failure("create-pool-deposit")).toBeInstanceOf(PoolCreationOutcomeUnknownError)
    expect(server.requests).toHaveLength(1)
  })
})

describe("connection reset after the request was sent", () => {
  it.each(["create-quote", "pool-deposit-status"] as const)("%s -> ServiceNetworkError", async (endpoint) => {
    server.reply({ action: "destroy" })
    const error = await failure(endpoint)
    expect(error).toBeInstanceOf(ServiceNetworkError)
    expect(error).toMatchObject({ endpoint, code: "service_network_error", retryable: "retryable" })
    expect(error.message).toMatch(/Could not reach the service/)
    expect(server.requests).toHaveLength(1)
  })

  it.each(["create-pool-connect", "create-pool-deposit"] as const)(
    "%s -> PoolCreationOutcomeUnknownError, not resent",
    async (endpoint) => {
      server.reply({ action: "destroy" }, { action: "destroy" })
      const error = await failure(endpoint)
      expect(error).toBeInstanceOf(PoolCreationOutcomeUnknownError)
      expect(error.message).toMatch(/The connection was lost after the request may have reached the service/)
      expect(server.requests).toHaveLength(1)
    },
  )
})

describe("connection refused", () => {
  it("create-pool-deposit -> ServiceNetworkError: nothing was sent, the quote is intact", async () => {
    const closed = await startTestServer()
    await closed.close()
    const error = await failure("create-pool-deposit", closed.url)
    expect(error).toBeInstanceOf(ServiceNetworkError)
    expect(error.details).toBe("ECONNREFUSED")
    expect(error.message).toMatch(/Could not reach the service \(ECONNREFUSED\)/)
  })
})
