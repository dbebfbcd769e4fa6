import type { StablecoinCartPaymentResponse, StablecoinStoreOptions } from "../lib/checkout/public-payment"
import { readAnswerMessage } from "../lib/errors/answer-message"
import {
  PROVIDER_IDENTIFIERS,
  STOREFRONT_ERROR_CODES,
  type Rail,
  type StablecoinSessionChoice,
  type StorefrontErrorCode,
} from "../lib/session-data"

/**
 * The part of `@medusajs/js-sdk`'s `Medusa` instance the step uses: `client.fetch`, which adds the
 * publishable key, locale and auth headers the storefront configured once (a starter's `sdk`).
 */
export type MedusaSdkLike = {
  client: {
    fetch<T>(
      path: string,
      init?: { method?: string; body?: Record<string, unknown>; headers?: Record<string, string> },
    ): Promise<T>
  }
}

export type CreateStablecoinStoreClientParameters = {
  /** The id the payment provider was registered with in medusa-config (default "stablecoin"). */
  providerRegistrationId?: string
  /**
   * The URL of the page the client runs in, checked against the backend URL (see backendUrlProblem).
   * Default: the browser's `location` in a production build; none on the server and in development
   * (nothing checked there).
   */
  pageUrl?: string | null
} & (
  | {
      /** The storefront's own `@medusajs/js-sdk` client: the step sends every store request through it. */
      sdk: MedusaSdkLike
    }
  | {
      /** The Medusa backend's URL. Required: there is no default, so a build without it fails loudly instead of calling the wrong host. */
      baseUrl: string
      publishableKey: string
      /** Default: the global fetch (cookies are not needed: carts are addressed by id). */
      fetch?: typeof fetch
    }
)

/** A store request that failed: Medusa's `type` and message (without the code the js-sdk needs in it), and the plugin's code when it gave one. */
export class StoreRequestError extends Error {
  override readonly name = "StoreRequestError"
  constructor(
    readonly status: number,
    readonly type: string | null,
    message: string,
    /** One of STOREFRONT_ERROR_CODES when the plugin refused the session for a reason the customer can act on. */
    readonly code: StorefrontErrorCode | null,
    /** The `Retry-After` header in ms, when the answer had one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message)
  }
}

const KNOWN_CODES = new Set<string>(Object.values(STOREFRONT_ERROR_CODES))
const storefrontCodeOf = (code: string | null): StorefrontErrorCode | null =>
  code !== null && KNOWN_CODES.has(code) ? (code as StorefrontErrorCode) : null

type StoreRequest = <T>(path: string, init?: { method?: "GET" | "POST"; body?: Record<string, unknown> }) => Promise<T>

/** The cart fields the checkout step reads; a `HttpTypes.StoreCart` fits it. */
export type StablecoinCart = {
  id: string
  payment_collection?: { id: string; payment_sessions?: Array<{ id: string; provider_id: string }> | null } | null
}

export type StablecoinStoreClient = ReturnType<typeof createStablecoinStoreClient>

/**
 * The store API calls of the checkout step: what the store offers, the public view of a cart's
 * payment, starting a session on a rail, completing the cart. Through the storefront's
 * `@medusajs/js-sdk` client when given one (`sdk`), else fetch with `baseUrl` and the publishable key.
 * Framework-free.
 * @example
 * const client = createStablecoinStoreClient({ sdk }) // the starter's `sdk` from @lib/config
 * await client.startSession({ cart, rail: "deposit", token: "USDC", chainId: 8453 })
 */
export function createStablecoinStoreClient(parameters: CreateStablecoinStoreClientParameters) {
  const { providerRegistrationId = "stablecoin", pageUrl = productionPageUrl() } = parameters
  const backendUrl = "sdk" in parameters ? sdkBaseUrlOf(parameters.sdk) : parameters.baseUrl
  const problem = pageUrl && backendUrl ? backendUrlProblem({ backendUrl, pageUrl }) : null
  if (problem) throw new Error(problem)
  const request = "sdk" in parameters ? sdkRequest(parameters.sdk) : fetchRequest(parameters)
  const providerIdOf = (rail: Rail) => `pp_${PROVIDER_IDENTIFIERS[rail]}_${providerRegistrationId}`

  return {
    providerIdOf,
    /** The chains and tokens the store takes. */
    getOptions: () => request<StablecoinStoreOptions>("/store/stablecoin/options"),
    /** The public view of the cart's stablecoin payment (null payment before a session exists). */
    getCartPayment: (cartId: string) =>
      request<StablecoinCartPaymentResponse>(`/store/stablecoin/carts/${encodeURIComponent(cartId)}/payment`),
    /**
     * Starts (or replaces) the cart's stablecoin session on `rail`: creates the payment collection
     * when the cart has none, then the session. The provider verifies the addresses on-chain before
     * it answers; a refusal throws StoreRequestError with its `code`.
     */
    async startSession({
      cart,
      rail,
      ...choice
    }: { cart: StablecoinCart; rail: Rail } & StablecoinSessionChoice): Promise<void> {
      let collectionId = cart.payment_collection?.id
      if (!collectionId) {
        const created = await request<{ payment_collection: { id: string } }>("/store/payment-collections", {
          method: "POST",
          body: { cart_id: cart.id },
        })
        collectionId = created.payment_collection.id
      }
      await request(`/store/payment-collections/${encodeURIComponent(collectionId)}/payment-sessions`, {
        method: "POST",
        body: { provider_id: providerIdOf(rail), data: choice },
      })
    },
    /**
     * Says where refunds of the cart's current payment go (a 0x address; the store checks and checksums
     * it and answers 400 naming refundAddress otherwise). Kept on the store's ledger, not in the session.
     */
    setRefundAddress: (cartId: string, refundAddress: string) =>
      request<{ refundAddress: string }>(
        `/store/stablecoin/carts/${encodeURIComponent(cartId)}/payment/refund-address`,
        { method: "POST", body: { refundAddress } },
      ),
    /**
     * Completes the cart. With deferred authorization the store answers 409
     * `stablecoin_payment_not_in_flight` with Retry-After until the payment is in flight, then
     * places the order; older stores answer 400 not_allowed until the webhook captured (both thrown).
     * Once an order exists, 200 with it.
     */
    completeCart: (cartId: string) =>
      request<{ type: "order"; order: { id: string } } | { type: "cart"; error?: unknown }>(
        `/store/carts/${encodeURIComponent(cartId)}/complete`,
        { method: "POST", body: {} },
      ),
  }
}

/** Hosts that reach only the machine they are typed on: localhost (and *.localhost), 127.0.0.0/8, ::1. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "")
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === "[::1]" ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  )
}

/**
 * Why a browser on `pageUrl` cannot reach the store at `backendUrl`, or null: a loopback backend URL
 * (localhost, 127.x, [::1]) from a page that is not itself served from one. That is a storefront built
 * without its public backend URL (a starter's fallback http://localhost:9000, or a server-only variable
 * the browser bundle does not get): every shopper's browser would look for the store on their own
 * machine. The message names the variable to set.
 */
export function backendUrlProblem({ backendUrl, pageUrl }: { backendUrl: string; pageUrl: string }): string | null {
  let backend: URL
  let page: URL
  try {
    backend = new URL(backendUrl)
    page = new URL(pageUrl)
  } catch {
    return null
  }
  if (!isLoopbackHost(backend.hostname) || isLoopbackHost(page.hostname)) return null
  return `medusa-payment-stablecoin: the store client's backend URL is ${backend.origin}, a loopback address, but this page is served from ${page.origin}: a shopper's browser cannot reach it, so the payment step does not start. Set NEXT_PUBLIC_MEDUSA_BACKEND_URL to the backend's public URL when building the storefront and give the component a client made from it (\`sdk\` or \`baseUrl\`); a starter whose \`sdk\` reads the server-only MEDUSA_BACKEND_URL needs a second, browser-side client (docs/storefront-nextjs.md, "The backend URL in the browser").`
}

/** The page's URL when running in a browser from a production build; null elsewhere (server rendering, development). */
function productionPageUrl(): string | null {
  let production = false
  try {
    // Written out in full: bundlers replace this exact expression at build time.
    production = process.env.NODE_ENV === "production"
  } catch {
    production = false
  }
  const href = (globalThis as { location?: { href?: unknown } }).location?.href
  return production && typeof href === "string" ? href : null
}

/** The base URL a js-sdk client was configured with (kept in its client's config), when it can be read. */
function sdkBaseUrlOf(sdk: MedusaSdkLike): string | null {
  const baseUrl = (sdk.client as { config?: { baseUrl?: unknown } }).config?.baseUrl
  return typeof baseUrl === "string" ? baseUrl : null
}

/**
 * Requests through the storefront's js-sdk client. Its FetchError keeps only the status and the
 * answer's message (no body fields, no headers), so the code and the wait are read from the
 * message the plugin writes for this case (lib/errors/answer-message.ts).
 */
function sdkRequest(sdk: MedusaSdkLike): StoreRequest {
  return async <T>(
    path: string,
    init: { method?: "GET" | "POST"; body?: Record<string, unknown> } = {},
  ): Promise<T> => {
    try {
      return await sdk.client.fetch<T>(path, {
        method: init.method ?? "GET",
        body: init.body,
        headers: { accept: "application/json" },
      })
    } catch (error) {
      const { status, message } = error as { status?: unknown; message?: unknown }
      if (typeof status !== "number") throw error
      const { code, text, retryAfterSeconds } = readAnswerMessage(
        typeof message === "string" ? message : `Store request failed (${status})`,
      )
      throw new StoreRequestError(
        status,
        null,
        text,
        storefrontCodeOf(code),
        retryAfterSeconds === null ? null : retryAfterSeconds * 1000,
      )
    }
  }
}

/** Requests with fetch and the publishable key. A missing URL or key is a build mistake: said at once, naming the variable, never guessed. */
function fetchRequest({
  baseUrl,
  publishableKey,
  fetch: fetchFn = globalThis.fetch?.bind(globalThis),
}: {
  baseUrl: string
  publishableKey: string
  fetch?: typeof fetch
}): StoreRequest {
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    throw new Error(
      `medusa-payment-stablecoin: no Medusa backend URL (got ${JSON.stringify(baseUrl ?? null)}). Pass the storefront's @medusajs/js-sdk client as \`sdk\`, or \`baseUrl\` from your build's backend variable (NEXT_PUBLIC_MEDUSA_BACKEND_URL in Medusa's starter); there is no default.`,
    )
  }
  if (!publishableKey)
    throw new Error(
      "medusa-payment-stablecoin: no publishable key. Pass the storefront's @medusajs/js-sdk client as `sdk`, or `publishableKey` (NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY in Medusa's starter).",
    )
  const root = baseUrl.replace(/\/+$/, "")
  return async <T>(
    path: string,
    init: { method?: "GET" | "POST"; body?: Record<string, unknown> } = {},
  ): Promise<T> => {
    const res = await fetchFn(`${root}${path}`, {
      method: init.method ?? "GET",
      headers: {
        "x-publishable-api-key": publishableKey,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await res.text()
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    if (!res.ok) {
      const code = typeof json.code === "string" ? json.code : null
      const message =
        typeof json.message === "string" ? readAnswerMessage(json.message).text : `Store request failed (${res.status})`
      const retryAfter = Number(res.headers.get("retry-after"))
      throw new StoreRequestError(
        res.status,
        typeof json.type === "string" ? json.type : null,
        message,
        storefrontCodeOf(code),
        Number.isFinite(retryAfter) && retryAfter >= 0 && res.headers.has("retry-after") ? retryAfter * 1000 : null,
      )
    }
    return json as T
  }
}
