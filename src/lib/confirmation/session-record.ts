import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * A fact the plugin records in a payment session's data for the provider to decide from (the
 * provider sees nothing else). The MAC authenticates the write, not the stored value: the ways
 * into a stored session's data are the provider's updatePayment, which accepts such a record only
 * with a valid MAC (any other code path calling updatePaymentSession cannot forge one), and the
 * plugin's own server-side write of records it signed (StablecoinModuleService.recordSessionFacts);
 * the provider writes null on every new session (so a storefront's `data` cannot seed one). Signing and
 * checking happen in one request with the same options, so rotating or removing a webhook secret
 * never un-records a fact.
 */
export type SessionRecordDefinition<T extends { paymentId: string }> = {
  /** Domain separation: a MAC of one kind of record never verifies as another kind. */
  label: string
  /** A fixed field order, not JSON.stringify of the object, so storage round trips cannot change it. */
  canonical: (record: T) => ReadonlyArray<string | number | null>
  /** The shape check of a stored value (a value read back from JSON). */
  isWellFormed: (record: T) => boolean
}

export type SessionRecord<T extends { paymentId: string }> = {
  /** Signs a record with the first (current) webhook secret. */
  sign(record: T, secrets: readonly string[]): T & { mac: string }
  /** A record on its way into the session: returned when its MAC matches one of the secrets and it is about `paymentId`; null otherwise. */
  verify(value: unknown, paymentId: string, secrets: readonly string[]): T | null
  /** A record stored in a session's data (it passed `verify` on its way in): well-formed and about `paymentId`, or null. */
  read(value: unknown, paymentId: string): T | null
}

export function defineSessionRecord<T extends { paymentId: string }>({ label, canonical, isWellFormed }: SessionRecordDefinition<T>): SessionRecord<T> {
  const macOf = (record: T, secret: string) => {
    const key = createHmac("sha256", secret).update(label).digest()
    return createHmac("sha256", key).update(canonical(record).map((v) => v ?? "").join("\n")).digest()
  }
  const read = (value: unknown, paymentId: string): T | null => {
    if (!value || typeof value !== "object") return null
    const { mac, ...rest } = value as T & { mac?: unknown }
    if (typeof mac !== "string" || !/^[0-9a-f]{64}$/.test(mac) || rest.paymentId !== paymentId) return null
    return isWellFormed(rest as unknown as T) ? (rest as unknown as T) : null
  }
  return {
    sign(record, secrets) {
      const secret = secrets[0]
      if (!secret) throw new Error(`${label}: no secret configured`)
      return { ...record, mac: macOf(record, secret).toString("hex") }
    },
    verify(value, paymentId, secrets) {
      const record = read(value, paymentId)
      if (!record) return null
      const given = Buffer.from((value as { mac: string }).mac, "hex")
      return secrets.some((secret) => timingSafeEqual(given, macOf(record, secret))) ? record : null
    },
    read,
  }
}
