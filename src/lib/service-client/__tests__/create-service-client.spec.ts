import {
  createServiceClient,
  InvalidServiceClientOptionsError,
  InvalidServiceResponseError,
  QuoteAlreadyUsedError,
  ServiceBadRequestError,
  ServiceForbiddenError,
  ServiceNotFoundError,
  ServiceServerError,
  ServiceUnauthorizedError,
  ServiceUnexpectedStatusError,
  ServiceUnprocessableError,
  UpstreamUnavailableError,
  type CreateServiceClientParameters,
  type ServiceClient,
  type ServiceClientErrorType,
  type ServiceEndpoint,
} from ".."
import {
  addresses,
  buildConnectPayment,
  buildDepositIntent,
  buildQuote,
  buildStatusRecord,
  quoteRequest,
} from "./fixtures"
import { useTestServer } from "./test-server"

const apiKey = "pk_test_secret_looking_key"
const server = useTestServer()

function client(overrides: Partial<CreateServiceClientParameters> = {}) {
  return createServiceClient({ baseUrl: server.url, apiKey, quoteRetries: 0, ...overrides })
}

const calls: Record<ServiceEndpoint, (c: ServiceClient) => Promise<{ ok: boolean }>> = {
  "create-quote": (c) => c.createQuote(quoteRequest),
  "create-pool-connect": (c) => c.createPoolConnect({ quoteId: "quo_01", payerAddress: addresses.payout }),
  "create-pool-deposit": (c) => c.createPoolDeposit({ quoteId: "quo_01" }),
  "pool-deposit-status": (c) => c.poolDepositStatus({ id: "int_01" }),
}

async function expectError(call: Promise<{ ok: boolean }>): Promise<ServiceClientErrorType> {
  const result = (await call) as { ok: true } | { ok: false; error: ServiceClientErrorType }
  if (result.ok) throw new Error("expected the call to fail")
  expect(result.error.message).not.toContain(apiKey)
  return result.error
}

describe("successful calls", () => {
  it("sends apikey, content-type and the JSON body to POST /create-quote and unwraps the quote", async () => {
    server.reply({ status: 200, json: { quote: buildQuote() } })
    const result = await client().createQuote(quoteRequest)

    expect(result).toEqual({ ok: true, value: buildQuote() })
    const [request] = server.requests
    expect(request.method).toBe("POST")
    expect(request.path).toBe("/create-quote")
    expect(request.headers.apikey).toBe(apiKey)
    expect(request.headers["content-type"]).toBe("application/json")
    expect(request.headers["user-agent"]).toBe("medusa-payment-stablecoin")
    expect(JSON.parse(request.body)).toEqual(quoteRequest)
  })

  it("keeps a path prefix of the base URL and ignores its trailing slash", async () => {
    server.reply({ status: 200, json: buildStatusRecord() })
    const result = await client({ baseUrl: `${server.url}/v1/` }).poolDepositStatus({ id: "pay_01" })
    expect(result.ok).toBe(true)
    expect(server.requests[0].path).toBe("/v1/pool-deposit-status")
    expect(JSON.parse(server.requests[0].body)).toEqual({ id: "pay_01" })
  })

  it("parses a connect payment and keeps binding as sent", async () => {
    server.reply({ status: 200, json: buildConnectPayment() })
    const result = await client().createPoolConnect({ quoteId: "quo_01", payerAddress: addresses.payout })
    expect(result).toEqual({ ok: true, value: buildConnectPayment() })
    expect(server.requests[0].path).toBe("/create-pool-connect")
    expect(JSON.parse(server.requests[0].body)).toEqual({ quoteId: "quo_01", payerAddress: addresses.payout })
  })

  it("parses a deposit intent", async () => {
    server.reply({ status: 200, json: buildDepositIntent() })
    expect(await client().createPoolDeposit({ quoteId: "quo_01" })).toEqual({ ok: true, value: buildDepositIntent() })
    expect(server.requests[0].path).toBe("/create-pool-deposit")
  })

  it("parses a status record without txHash and drops unknown fields", async () => {
    const { txHash: _txHash, ...record } = buildStatusRecord({
      status: "waiting",
      confirmedAmount: "0",
      confirmations: 0,
    })
    server.reply({ status: 200, json: { ...record, futureField: true } })
    expect(await client().poolDepositStatus({ id: "int_01" })).toEqual({ ok: true, value: record })
  })

  it("reuses one keep-alive connection for consecutive calls, also after an error response", async () => {
    server.reply(
      { status: 404, json: { error: { code: "not_found", message: "no such intent" } } },
      { status: 200, json: buildStatusRecord() },
      { status: 200, json: buildStatusRecord() },
    )
    const c = client()
    for (let call = 0; call < 3; call += 1) {
      await c.poolDepositStatus({ id: "int_01" })
      // undici returns a socket to its pool one tick after the body is read; real calls are further apart.
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(server.requests).toHaveLength(3)
    expect(server.requests[1].socket).toBe(server.requests[0].socket)
    expect(server.requests[2].socket).toBe(server.requests[0].socket)
  })
})

describe("error statuses", () => {
  const serviceMessage = "Something the service wants you to know"
  const cases: [number, ServiceEndpoint, new (...args: never[]) => ServiceClientErrorType, string, string, RegExp][] = [
    [
      400,
      "create-quote",
      ServiceBadRequestError,
      "service_bad_request",
      "fatal",
      /a field is missing or malformed \(400\)/,
    ],
    [
      401,
      "pool-deposit-status",
      ServiceUnauthorizedError,
      "service_unauthorized",
      "fatal",
      /did not accept the api key \(401\)\. Check the apiKey option/,
    ],
    [
      403,
      "create-quote",
      ServiceForbiddenError,
      "service_forbidden",
      "fatal",
      /token or chain is not enabled for this account \(403\)/,
    ],
    [
      404,
      "create-quote",
      ServiceNotFoundError,
      "service_not_found",
      "fatal",
      /merchant was not found \(404\)\. Check the merchantId option/,
    ],
    [404, "create-pool-deposit", ServiceNotFoundError, "service_not_found", "fatal", /quote was not found \(404\)/],
    [
      404,
      "pool-deposit-status",
      ServiceNotFoundError,
      "service_not_found",
      "fatal",
      /payment or deposit intent was not found \(404\)/,
    ],
    [
      409,
      "create-pool-connect",
      QuoteAlreadyUsedError,
      "quote_already_used",
      "fatal",
      /quote was already used \(409\)\. Create a new quote/,
    ],
    [
      409,
      "create-pool-deposit",
      QuoteAlreadyUsedError,
      "quote_already_used",
      "fatal",
      /quote was already used \(409\)/,
    ],
    [
      422,
      "create-quote",
      ServiceUnprocessableError,
      "service_unprocessable",
      "fatal",
      /below the chain's minimum or the merchant setup is incomplete/,
    ],
    [
      422,
      "create-pool-connect",
      ServiceUnprocessableError,
      "service_unprocessable",
      "fatal",
      /pool is not deployed on this chain \(offer the deposit rail\)/,
    ],
    [
      502,
      "create-quote",
      UpstreamUnavailableError,
      "service_upstream_unavailable",
      "retryable",
      /could not read chain data \(502\)/,
    ],
    [
      502,
      "create-pool-deposit",
      UpstreamUnavailableError,
      "service_upstream_unavailable",
      "retryable",
      /could not read chain data \(502\)/,
    ],
    [500, "create-pool-connect", ServiceServerError, "service_server_error", "retryable", /service failed \(500\)/],
    [503, "pool-deposit-status", ServiceServerError, "service_server_error", "retryable", /service failed \(503\)/],
    [
      418,
      "create-quote",
      ServiceUnexpectedStatusError,
      "service_unexpected_status",
      "fatal",
      /status the API does not describe \(418\)/,
    ],
  ]

  it.each(cases)("%i from %s -> %p", async (status, endpoint, errorClass, code, retryable, pattern) => {
    server.reply({ status, json: { error: { code: "whatever", message: serviceMessage } } })
    const error = await expectError(calls[endpoint](client()))
    expect(error).toBeInstanceOf(errorClass)
    expect(error).toMatchObject({ endpoint, status, code, retryable, serviceMessage })
    expect(error.message).toMatch(pattern)
    expect(error.message).toMatch(new RegExp(`Endpoint: POST /${endpoint}`))
    expect(error.message).toMatch(new RegExp(`Status: ${status}`))
    expect(error.message).toMatch(new RegExp(`Service message: ${serviceMessage}`))
    expect(server.requests).toHaveLength(1)
  })

  it.each([
    ["an HTML page", "<html><body>Not found</body></html>", undefined],
    ["an empty body", "", undefined],
    ["a JSON array", "[1,2]", undefined],
    ["a JSON string", '"quote not found"', undefined],
    ["error as a string", '{"error":"quote not found"}', undefined],
    ["a numeric message", '{"error":{"message":42}}', undefined],
    ["a top-level message", '{"message":"quote not found"}', "quote not found"],
  ])("a 404 with %s still maps to ServiceNotFoundError", async (_name, text, expected) => {
    server.reply({ status: 404, text, headers: { "content-type": "text/html" } })
    const error = await expectError(client().createPoolDeposit({ quoteId: "quo_01" }))
    expect(error).toBeInstanceOf(ServiceNotFoundError)
    expect(error.status).toBe(404)
    expect(error.serviceMessage).toBe(expected)
  })

  it("redacts the api key when the service echoes it", async () => {
    server.reply({ status: 401, json: { error: { message: `unknown key ${apiKey}` } } })
    const error = await expectError(client().createQuote(quoteRequest))
    expect(error.serviceMessage).toBe("unknown key [redacted]")
  })
})

describe("responses that break the contract", () => {
  it.each([
    ["a float amount", "create-quote", { quote: buildQuote({ stablecoinAmount: "12.5" }) }, "quote.stablecoinAmount"],
    ["a numeric amount", "create-pool-deposit", buildDepositIntent({ expectedAmount: 12500000 }), "expectedAmount"],
    [
      "a lower-case address",
      "create-pool-deposit",
      buildDepositIntent({ forwarderAddress: addresses.forwarder.toLowerCase() }),
      "forwarderAddress",
    ],
    [
      "a wrong-checksum address",
      "create-pool-connect",
      buildConnectPayment({ poolAddress: addresses.pool.replace("f39Fd", "F39fd") }),
      "poolAddress",
    ],
    [
      "a timestamp without milliseconds",
      "create-quote",
      { quote: buildQuote({ expiresAt: "2025-03-01T12:15:00Z" }) },
      "quote.expiresAt",
    ],
    ["an unknown status", "pool-deposit-status", buildStatusRecord({ status: "settled" }), "status"],
    [
      "a token address where a symbol is due",
      "pool-deposit-status",
      buildStatusRecord({ token: addresses.token }),
      "token",
    ],
    ["fractional tokenDecimals", "create-pool-deposit", buildDepositIntent({ tokenDecimals: 6.5 }), "tokenDecimals"],
    ["a negative chainId", "create-pool-connect", buildConnectPayment({ chainId: -1 }), "chainId"],
    ["no binding", "create-pool-connect", buildConnectPayment({ binding: undefined }), "binding"],
    ["an unwrapped quote", "create-quote", buildQuote(), "quote"],
  ] as const)("%s -> InvalidServiceResponseError naming the field", async (_name, endpoint, json, path) => {
    server.reply({ status: 200, json })
    const error = await expectError(calls[endpoint](client()))
    expect(error).toBeInstanceOf(InvalidServiceResponseError)
    expect((error as InvalidServiceResponseError).paths).toEqual([path])
    expect(error.message).toMatch(new RegExp(`breaks the API contract at: ${path.replace(".", "\\.")}\\.`))
    expect(error).toMatchObject({ endpoint, status: 200, retryable: "fatal" })
  })

  it("a 200 that is not JSON -> InvalidServiceResponseError", async () => {
    server.reply({ status: 200, text: "<html>maintenance</html>" })
    const error = await expectError(client().poolDepositStatus({ id: "int_01" }))
    expect(error).toBeInstanceOf(InvalidServiceResponseError)
    expect(error.message).toMatch(/answered 200 with a body that is not JSON/)
  })
})

describe("options", () => {
  it("refuses a base URL with credentials without echoing them", () => {
    expect(() => createServiceClient({ baseUrl: "https://user:hunter2@api.example.com/v1", apiKey })).toThrow(
      InvalidServiceClientOptionsError,
    )
    expect(() => createServiceClient({ baseUrl: "https://user:hunter2@api.example.com/v1", apiKey })).toThrow(
      /^Invalid service client option: baseUrl must not contain credentials \(got https:\/\/api\.example\.com\/v1 with a user or password\)\.$/,
    )
  })

  it.each([
    [{ baseUrl: "api.example.com" }, /baseUrl must be an absolute http\(s\) URL/],
    [{ baseUrl: "ftp://api.example.com" }, /baseUrl must use http or https/],
    [{ apiKey: " " }, /apiKey must be a non-empty string/],
    [{ timeoutMs: 0 }, /timeoutMs must be an integer >= 1/],
    [{ quoteRetries: -1 }, /quoteRetries must be an integer >= 0/],
  ])("refuses %p", (overrides, pattern) => {
    expect(() => createServiceClient({ baseUrl: "https://api.example.com", apiKey, ...overrides })).toThrow(pattern)
  })
})
