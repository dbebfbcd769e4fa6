import { timingSafeEqual } from "node:crypto"

import { err, ok, type Result } from "../result"
import { computeWebhookSignature } from "./compute-webhook-signature"
import { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, WEBHOOK_SIGNATURE_HEADER } from "./constants"
import { WebhookSignatureError } from "./errors"

export type VerifyWebhookSignatureParameters = {
  /** The exact request bytes (`req.rawBody`), never the parsed JSON. */
  rawBody: Buffer | string
  /** Value of the `x-signature` header. */
  header: string | undefined
  /** Accepted secrets; several during a rotation. */
  secrets: string[]
  /** Maximum distance between the signed timestamp and `now`, both directions. Default 300. */
  toleranceSeconds?: number
  /** Current unix seconds; injectable so tests are repeatable. Default: the clock. */
  now?: number
}
export type VerifyWebhookSignatureReturnType = Result<{ timestamp: number }, WebhookSignatureError>
export type VerifyWebhookSignatureErrorType = WebhookSignatureError

const SIGNATURE_HEX = /^[0-9a-fA-F]{64}$/
const FORMAT = `Expected "t=<unix seconds>,v1=<64 hex chars>"`
/** A rotation needs a few v1 entries; more is an attempt to make the check expensive. */
const MAX_SIGNATURES = 8
const MAX_SIGNATURE_HEADER_LENGTH = 1024

const signatureEntries = (header: string) => header.split(",").length

/**
 * Checks that a webhook was signed by the service: some `v1` entry of the header equals
 * HMAC-SHA256(secret, `t.rawBody`) for some secret (constant-time), and `t` lies within the
 * tolerance of `now`. Run it before parsing the body.
 *
 * @example
 * const verified = verifyWebhookSignature({ rawBody: req.rawBody, header: req.headers["x-signature"], secrets })
 * if (!verified.ok) return res.status(400).json({ code: verified.error.code, reason: verified.error.reason })
 */
export function verifyWebhookSignature({
  rawBody,
  header,
  secrets,
  toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  now = Math.floor(Date.now() / 1000),
}: VerifyWebhookSignatureParameters): VerifyWebhookSignatureReturnType {
  // Callers in plain JS (or with `any`) can hand over `req.body`; re-serialised JSON would never match.
  if (typeof rawBody !== "string" && !Buffer.isBuffer(rawBody)) {
    const received = rawBody === null ? "null" : typeof rawBody
    return fail(
      "body_not_raw",
      `The webhook body must be the raw request bytes (Buffer or string), received ${received}. Parsed JSON cannot be verified: enable preserveRawBody on the route and pass req.rawBody.`,
    )
  }
  if (!header) {
    return fail(
      "missing_header",
      `No "${WEBHOOK_SIGNATURE_HEADER}" header on the request. Service webhooks are always signed: check that the sender is the service and that no proxy strips the header.`,
    )
  }

  if (header.length > MAX_SIGNATURE_HEADER_LENGTH || signatureEntries(header) > MAX_SIGNATURES) {
    return fail(
      "malformed_header",
      `The "${WEBHOOK_SIGNATURE_HEADER}" header is longer than ${MAX_SIGNATURE_HEADER_LENGTH} characters or has more than ${MAX_SIGNATURES} entries. ${FORMAT}.`,
    )
  }
  const parsed = parseSignatureHeader(header)
  if (!parsed.ok) return parsed
  const { timestamp, signatures } = parsed.value

  // One HMAC of the body per secret, compared with every v1 entry (not one HMAC per entry x secret).
  const matches = secrets.some((secret) => {
    const expected = computeWebhookSignature({ payload: rawBody, secret, timestamp })
    return signatures.some((signature) => timingSafeEqual(signature, expected))
  })
  if (!matches) {
    const hint =
      secrets.length === 0
        ? " No webhook secret is configured: set the webhook secrets in the plugin options."
        : secrets.some((secret) => secret !== secret.trim())
          ? " A configured secret has leading or trailing whitespace: remove it."
          : ""
    return fail(
      "signature_mismatch",
      `No v1 signature matches any configured webhook secret. Check the webhook secrets in the plugin options and pass the raw request body unmodified (not re-serialised JSON).${hint}`,
    )
  }

  // Checked after the signature so this reason only ever describes a genuine, stale (or early) event.
  const age = now - timestamp
  if (Math.abs(age) > toleranceSeconds) {
    return fail(
      "timestamp_out_of_tolerance",
      `The signed timestamp is ${Math.abs(age)} s in the ${age > 0 ? "past" : "future"}, beyond the tolerance of ${toleranceSeconds} s. Check the server clock (NTP); an old event may be a replay.`,
    )
  }
  return ok({ timestamp })
}

function parseSignatureHeader(
  header: string,
): Result<{ timestamp: number; signatures: Buffer[] }, WebhookSignatureError> {
  let timestamp: number | undefined
  const signatures: Buffer[] = []
  for (const item of header.split(",")) {
    const separator = item.indexOf("=")
    if (separator < 0)
      return fail("malformed_header", `The "${WEBHOOK_SIGNATURE_HEADER}" header has an entry without "=". ${FORMAT}.`)
    const key = item.slice(0, separator).trim()
    const value = item.slice(separator + 1).trim()
    if (key === "t") {
      if (timestamp !== undefined || !/^\d+$/.test(value)) {
        return fail(
          "malformed_header",
          `The "${WEBHOOK_SIGNATURE_HEADER}" header needs exactly one "t=" holding unix seconds. ${FORMAT}.`,
        )
      }
      timestamp = Number(value)
    } else if (key === "v1") {
      if (!SIGNATURE_HEX.test(value)) {
        return fail(
          "malformed_header",
          `A "v1=" signature in the "${WEBHOOK_SIGNATURE_HEADER}" header is not 64 hex characters. ${FORMAT}.`,
        )
      }
      // Equal length (32 bytes) on both sides, as timingSafeEqual requires.
      signatures.push(Buffer.from(value, "hex"))
    }
    // Other schemes (a future v2) are ignored, as stripe-node ignores them.
  }
  if (timestamp === undefined) {
    return fail("malformed_header", `The "${WEBHOOK_SIGNATURE_HEADER}" header has no timestamp "t=". ${FORMAT}.`)
  }
  if (signatures.length === 0) {
    return fail("no_signatures", `The "${WEBHOOK_SIGNATURE_HEADER}" header has no "v1=" signature. ${FORMAT}.`)
  }
  return ok({ timestamp, signatures })
}

function fail(reason: WebhookSignatureError["reason"], message: string) {
  return err(new WebhookSignatureError(reason, message))
}
