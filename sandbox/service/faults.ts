import { z } from "zod"

export const ENDPOINTS = ["create-quote", "create-pool-connect", "create-pool-deposit", "pool-deposit-status"] as const
export type Endpoint = (typeof ENDPOINTS)[number]
const BINDING_FIELDS = ["chainId", "factory", "payout", "pool", "paymentRef"] as const
export type BindingField = (typeof BINDING_FIELDS)[number]

const endpoint = z.enum(ENDPOINTS).optional()

/** One request to the fault switchboard; every key is optional and applied in this order. */
export const faultsInputSchema = z.object({
  /** Clears every fault first. */
  reset: z.boolean().optional(),
  /** Delay every response of `endpoint` (all when omitted) by `ms`, after the request was processed; 0 clears. */
  latency: z.object({ ms: z.number().int().nonnegative(), endpoint }).optional(),
  /** Answer the next `count` requests with 429 (with Retry-After seconds) or 502, before processing them. */
  error: z
    .object({
      status: z.union([z.literal(429), z.literal(502)]),
      count: z.number().int().positive(),
      retryAfter: z.number().int().nonnegative().optional(),
      endpoint,
    })
    .optional(),
  /** Corrupt the next `count` successful bodies: a float amount, a lower-case address or a missing amount. */
  malformed: z
    .object({
      count: z.number().int().positive(),
      kind: z.enum(["float-amount", "lowercase-address", "missing-field"]).optional(),
      endpoint,
    })
    .optional(),
  /** Tamper with the next `count` create-pool-* responses (the payment itself stays genuine). */
  tamper: z
    .object({
      kind: z.enum(["pool", "forwarder", "binding"]),
      field: z.enum(BINDING_FIELDS).optional(),
      count: z.number().int().positive().optional(),
    })
    .optional(),
  /** Change one field of the next `count` create-quote answers: a quote for another total, currency, token or chain. */
  tamperQuote: z
    .object({
      field: z.enum(["fiatTotal", "fiatCurrency", "token", "chainId"]),
      count: z.number().int().positive().optional(),
    })
    .optional(),
  /** Send every webhook this many times, concurrently (1 = normal). */
  duplicateDeliveries: z.number().int().positive().optional(),
  /** Hold webhooks for `windowMs` and send each held batch newest first; false turns it off. */
  outOfOrderDeliveries: z.union([z.literal(false), z.object({ windowMs: z.number().int().positive() })]).optional(),
  /** Keep webhooks in the delivery log only. */
  dropWebhooks: z.boolean().optional(),
  /** Pause the sweeper: settled deposits stay `paid` (or overpaid/expired_paid_late, unswept) until released. */
  holdSweeps: z.boolean().optional(),
})
export type FaultsInput = z.input<typeof faultsInputSchema>

export type MalformedKind = "float-amount" | "lowercase-address" | "missing-field"
export type QuoteField = "fiatTotal" | "fiatCurrency" | "token" | "chainId"
export type Tamper = { kind: "pool" | "forwarder" | "binding"; field?: BindingField }

export type FaultState = {
  latency: Partial<Record<Endpoint | "*", number>>
  errors: Array<{ status: 429 | 502; remaining: number; retryAfter: number; endpoint?: Endpoint }>
  malformed: Array<{ remaining: number; kind: MalformedKind; endpoint?: Endpoint }>
  tamper: Array<Tamper & { remaining: number }>
  tamperQuote: Array<{ field: QuoteField; remaining: number }>
  duplicateDeliveries: number
  outOfOrderDeliveries: { windowMs: number } | false
  dropWebhooks: boolean
  holdSweeps: boolean
}

const initialState = (): FaultState => ({
  latency: {},
  errors: [],
  malformed: [],
  tamper: [],
  tamperQuote: [],
  duplicateDeliveries: 1,
  outOfOrderDeliveries: false,
  dropWebhooks: false,
  holdSweeps: false,
})

/** Takes one use of the first queued fault that applies to `name`, dropping it once used up. */
function takeFrom<T extends { remaining: number; endpoint?: Endpoint }>(queue: T[], name: Endpoint): T | undefined {
  const index = queue.findIndex((fault) => !fault.endpoint || fault.endpoint === name)
  if (index < 0) return undefined
  const fault = queue[index]
  fault.remaining -= 1
  if (fault.remaining <= 0) queue.splice(index, 1)
  return fault
}

export type Faults = ReturnType<typeof createFaults>

/** The fault switchboard behind `POST /_sandbox/faults` and `sandbox.faults`. */
export function createFaults() {
  let state = initialState()
  const apply = (input: FaultsInput): FaultState => {
    const parsed = faultsInputSchema.parse(input)
    if (parsed.reset) state = initialState()
    if (parsed.latency) state.latency[parsed.latency.endpoint ?? "*"] = parsed.latency.ms
    if (parsed.error) {
      const { status, count, retryAfter = 1, endpoint } = parsed.error
      state.errors.push({ status, remaining: count, retryAfter, endpoint })
    }
    if (parsed.malformed) {
      const { count, kind = "float-amount", endpoint } = parsed.malformed
      state.malformed.push({ remaining: count, kind, endpoint })
    }
    if (parsed.tamper)
      state.tamper.push({ kind: parsed.tamper.kind, field: parsed.tamper.field, remaining: parsed.tamper.count ?? 1 })
    if (parsed.tamperQuote)
      state.tamperQuote.push({ field: parsed.tamperQuote.field, remaining: parsed.tamperQuote.count ?? 1 })
    if (parsed.duplicateDeliveries !== undefined) state.duplicateDeliveries = parsed.duplicateDeliveries
    if (parsed.outOfOrderDeliveries !== undefined) state.outOfOrderDeliveries = parsed.outOfOrderDeliveries
    if (parsed.dropWebhooks !== undefined) state.dropWebhooks = parsed.dropWebhooks
    if (parsed.holdSweeps !== undefined) state.holdSweeps = parsed.holdSweeps
    return state
  }
  return {
    /** Applies a FaultsInput (the HTTP body of /_sandbox/faults) and returns the resulting state. */
    set: apply,
    reset: () => apply({ reset: true }),
    latency: (ms: number, endpoint?: Endpoint) => apply({ latency: { ms, endpoint } }),
    failNext: (status: 429 | 502, count = 1, options: { retryAfter?: number; endpoint?: Endpoint } = {}) =>
      apply({ error: { status, count, ...options } }),
    malformNext: (count = 1, kind: MalformedKind = "float-amount", endpoint?: Endpoint) =>
      apply({ malformed: { count, kind, endpoint } }),
    tamperNext: (tamper: Tamper, count = 1) => apply({ tamper: { ...tamper, count } }),
    tamperQuoteNext: (field: QuoteField, count = 1) => apply({ tamperQuote: { field, count } }),
    duplicateDeliveries: (times: number) => apply({ duplicateDeliveries: times }),
    outOfOrderDeliveries: (windowMs: number | false) =>
      apply({ outOfOrderDeliveries: windowMs === false ? false : { windowMs } }),
    dropWebhooks: (drop: boolean) => apply({ dropWebhooks: drop }),
    holdSweeps: (hold: boolean) => apply({ holdSweeps: hold }),
    state: (): FaultState => state,
    /** Internal: consumed by the server per request. */
    latencyFor: (name: Endpoint) => state.latency[name] ?? state.latency["*"] ?? 0,
    takeError: (name: Endpoint) => takeFrom(state.errors, name),
    takeMalformed: (name: Endpoint) => takeFrom(state.malformed, name),
    takeQuoteTamper: (): QuoteField | undefined => takeFrom(state.tamperQuote, "create-quote")?.field,
    takeTamper: (): Tamper | undefined => {
      const fault = takeFrom(state.tamper, "create-pool-deposit")
      return fault && { kind: fault.kind, field: fault.field }
    },
  }
}

const AMOUNT_KEYS = ["stablecoinAmount", "expectedAmount", "confirmedAmount"]
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Changes one field of a create-quote answer `{ quote }` in place: the quote of another cart. */
export function tamperQuoteBody(body: unknown, field: QuoteField): void {
  const quote = (body as { quote: Record<string, unknown> }).quote
  if (field === "fiatTotal") quote.fiatTotal = Number(quote.fiatTotal) + 1
  if (field === "fiatCurrency") quote.fiatCurrency = quote.fiatCurrency === "EUR" ? "USD" : "EUR"
  if (field === "token") quote.token = quote.token === "USDC" ? "USDT" : "USDC"
  if (field === "chainId") quote.chainId = Number(quote.chainId) === 56 ? 8453 : 56
}

/** Corrupts a response body in place: the first amount (deep) or the first address it finds. */
export function malformBody(body: unknown, kind: MalformedKind): void {
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== "object") return false
    const record = node as Record<string, unknown>
    for (const [key, value] of Object.entries(record)) {
      if (kind !== "lowercase-address" && AMOUNT_KEYS.includes(key) && typeof value === "string") {
        if (kind === "missing-field") delete record[key]
        else record[key] = Number(value) + 0.5
        return true
      }
      if (
        kind === "lowercase-address" &&
        typeof value === "string" &&
        ADDRESS.test(value) &&
        value !== value.toLowerCase()
      ) {
        record[key] = value.toLowerCase()
        return true
      }
    }
    return Object.values(record).some(visit)
  }
  visit(body)
}
