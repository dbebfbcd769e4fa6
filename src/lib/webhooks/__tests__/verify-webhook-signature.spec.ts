import { createHmac } from "node:crypto"

import { signWebhookPayload, verifyWebhookSignature, type VerifyWebhookSignatureParameters } from ".."

const secret = "whsec_test_primary"
const otherSecret = "whsec_test_rotated"
const now = 1_700_000_000
const body = JSON.stringify({ id: "evt_1", type: "payment_confirmed", createdAt: "2023-11-14T22:13:20.000Z", data: {} })

function buildParams(overrides: Partial<VerifyWebhookSignatureParameters> = {}): VerifyWebhookSignatureParameters {
  return {
    rawBody: body,
    header: signWebhookPayload({ payload: body, secret, timestamp: now }),
    secrets: [secret],
    now,
    ...overrides,
  }
}

function expectFailure(params: VerifyWebhookSignatureParameters) {
  const result = verifyWebhookSignature(params)
  if (result.ok) throw new Error("expected verification to fail")
  for (const s of params.secrets) expect(result.error.message).not.toContain(s)
  return result.error
}

describe("signWebhookPayload", () => {
  it("produces t=<seconds>,v1=<HMAC-SHA256(secret, t.body)> that an independent HMAC reproduces", () => {
    const header = signWebhookPayload({ payload: body, secret, timestamp: now })
    const expected = createHmac("sha256", secret).update(`${now}.${body}`, "utf8").digest("hex")
    expect(header).toBe(`t=${now},v1=${expected}`)
  })

  it("defaults the timestamp to the current unix seconds", () => {
    const before = Math.floor(Date.now() / 1000)
    const header = signWebhookPayload({ payload: body, secret })
    const t = Number(/^t=(\d+),/.exec(header)?.[1])
    expect(t).toBeGreaterThanOrEqual(before)
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  })
})

describe("verifyWebhookSignature", () => {
  it("accepts a body signed with signWebhookPayload and returns its timestamp", () => {
    expect(verifyWebhookSignature(buildParams())).toEqual({ ok: true, value: { timestamp: now } })
  })

  it("accepts the raw body as a Buffer, byte for byte", () => {
    expect(verifyWebhookSignature(buildParams({ rawBody: Buffer.from(body, "utf8") })).ok).toBe(true)
  })

  it("accepts a header with several v1 entries when any one matches", () => {
    const good = signWebhookPayload({ payload: body, secret, timestamp: now }).split(",")[1]
    const header = `t=${now},v1=${"0".repeat(64)},${good},v0=ignored`
    expect(verifyWebhookSignature(buildParams({ header })).ok).toBe(true)
  })

  it("accepts a body signed with the second secret during a rotation", () => {
    const header = signWebhookPayload({ payload: body, secret: otherSecret, timestamp: now })
    expect(verifyWebhookSignature(buildParams({ header, secrets: [secret, otherSecret] })).ok).toBe(true)
  })

  it("accepts timestamps up to the tolerance in both directions", () => {
    expect(verifyWebhookSignature(buildParams({ now: now + 300 })).ok).toBe(true)
    expect(verifyWebhookSignature(buildParams({ now: now - 300 })).ok).toBe(true)
    expect(verifyWebhookSignature(buildParams({ now: now + 10, toleranceSeconds: 10 })).ok).toBe(true)
  })

  it("error: missing header", () => {
    const error = expectFailure(buildParams({ header: undefined }))
    expect(error.reason).toBe("missing_header")
    expect(error.code).toBe("webhook_signature_invalid")
    expect(error.message).toMatch(/No "x-signature" header on the request/)
  })

  it("error: empty header", () => {
    expect(expectFailure(buildParams({ header: "" })).reason).toBe("missing_header")
  })

  it("error: header without timestamp", () => {
    const v1 = signWebhookPayload({ payload: body, secret, timestamp: now }).split(",")[1]
    const error = expectFailure(buildParams({ header: v1 }))
    expect(error.reason).toBe("malformed_header")
    expect(error.message).toMatch(/has no timestamp "t="/)
  })

  it("error: non-numeric timestamp", () => {
    const error = expectFailure(buildParams({ header: `t=yesterday,v1=${"a".repeat(64)}` }))
    expect(error.reason).toBe("malformed_header")
    expect(error.message).toMatch(/exactly one "t=" holding unix seconds/)
  })

  it("error: entry without =", () => {
    const error = expectFailure(buildParams({ header: `t=${now},garbage` }))
    expect(error.reason).toBe("malformed_header")
    expect(error.message).toMatch(/entry without "="/)
  })

  it("error: header without v1 entry", () => {
    const error = expectFailure(buildParams({ header: `t=${now},v0=${"a".repeat(64)}` }))
    expect(error.reason).toBe("no_signatures")
    expect(error.message).toMatch(/has no "v1=" signature/)
  })

  it("error: v1 that is not hex", () => {
    const error = expectFailure(buildParams({ header: `t=${now},v1=${"z".repeat(64)}` }))
    expect(error.reason).toBe("malformed_header")
    expect(error.message).toMatch(/not 64 hex characters/)
  })

  it("error: v1 of the wrong length", () => {
    const error = expectFailure(buildParams({ header: `t=${now},v1=abcd` }))
    expect(error.reason).toBe("malformed_header")
    expect(error.message).toMatch(/not 64 hex characters/)
  })

  it("error: signed with a secret that is not configured", () => {
    const header = signWebhookPayload({ payload: body, secret: "whsec_attacker", timestamp: now })
    const error = expectFailure(buildParams({ header }))
    expect(error.reason).toBe("signature_mismatch")
    expect(error.message).toMatch(/No v1 signature matches any configured webhook secret/)
  })

  it("error: no secret configured", () => {
    const error = expectFailure(buildParams({ secrets: [] }))
    expect(error.reason).toBe("signature_mismatch")
    expect(error.message).toMatch(/No webhook secret is configured/)
  })

  it("error: secret with surrounding whitespace is named without revealing it", () => {
    const error = expectFailure(buildParams({ secrets: [` ${secret}\n`] }))
    expect(error.reason).toBe("signature_mismatch")
    expect(error.message).toMatch(/leading or trailing whitespace/)
  })

  it("error: the same signature replayed with another body", () => {
    const tampered = body.replace("evt_1", "evt_2")
    const error = expectFailure(buildParams({ rawBody: tampered }))
    expect(error.reason).toBe("signature_mismatch")
  })

  it("error: the same body with another timestamp in the header", () => {
    const [, v1] = signWebhookPayload({ payload: body, secret, timestamp: now }).split(",")
    expect(expectFailure(buildParams({ header: `t=${now + 1},${v1}`, now: now + 1 })).reason).toBe("signature_mismatch")
  })

  it("error: timestamp too old", () => {
    const error = expectFailure(buildParams({ now: now + 301 }))
    expect(error.reason).toBe("timestamp_out_of_tolerance")
    expect(error.message).toMatch(/301 s in the past, beyond the tolerance of 300 s/)
  })

  it("error: timestamp in the future", () => {
    const error = expectFailure(buildParams({ now: now - 301 }))
    expect(error.reason).toBe("timestamp_out_of_tolerance")
    expect(error.message).toMatch(/301 s in the future, beyond the tolerance of 300 s/)
  })

  it("error: custom tolerance", () => {
    expect(expectFailure(buildParams({ now: now + 11, toleranceSeconds: 10 })).reason).toBe(
      "timestamp_out_of_tolerance",
    )
  })

  it("error: a parsed object instead of the raw body", () => {
    const error = expectFailure(buildParams({ rawBody: JSON.parse(body) as unknown as string }))
    expect(error.reason).toBe("body_not_raw")
    expect(error.message).toMatch(/must be the raw request bytes \(Buffer or string\), received object/)
  })
})
