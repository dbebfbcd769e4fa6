import { messagesDe } from "./messages-de"
import { messagesEn } from "./messages-en"
import type { StablecoinMessages, StablecoinMessagesOverride } from "./stablecoin-messages"

/** The languages shipped: English and German. Others are added through `messagesFor`'s override. */
export const STABLECOIN_MESSAGES: Readonly<Record<string, StablecoinMessages>> = { en: messagesEn, de: messagesDe }

/**
 * The shopper's sentences for a locale ("de-AT" falls back to "de", an unknown language to
 * English), with `override` laid over them section by section.
 * @example messagesFor("de-DE", { status: { paid: "Bezahlt." } })
 */
export function messagesFor(locale: string | undefined, override?: StablecoinMessagesOverride): StablecoinMessages {
  const tag = (locale ?? "en").toLowerCase()
  const base = STABLECOIN_MESSAGES[tag] ?? STABLECOIN_MESSAGES[tag.split("-")[0]!] ?? messagesEn
  if (!override) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key]
    merged[key] =
      value && typeof value === "object" && current && typeof current === "object" ? { ...current, ...value } : value
  }
  return merged as StablecoinMessages
}
