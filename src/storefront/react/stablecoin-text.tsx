/// <reference lib="dom" />
import { createContext, useContext, useMemo, type ReactNode } from "react"
import { createFormatters, type StablecoinFormatters } from "../format/create-formatters"
import { messagesFor } from "../messages/messages-for"
import type { StablecoinMessages, StablecoinMessagesOverride } from "../messages/stablecoin-messages"

type StablecoinText = { t: StablecoinMessages; f: StablecoinFormatters; locale: string }

const TextContext = createContext<StablecoinText | null>(null)

/** The props every top-level component takes for its language. */
export type StablecoinTextProps = {
  /** BCP 47 locale for sentences and `Intl` formats (default: the page's `<html lang>`, else "en"). */
  locale?: string
  /** Sentences to override, or a whole object for a language not shipped. */
  messages?: StablecoinMessagesOverride
}

/** Gives the components below one messages object and one set of formatters for the locale. */
export function StablecoinTextProvider({ locale, messages, children }: StablecoinTextProps & { children: ReactNode }) {
  const resolved = locale ?? ((typeof document !== "undefined" && document.documentElement.lang) || "en")
  const value = useMemo(
    () => ({ t: messagesFor(resolved, messages), f: createFormatters(resolved), locale: resolved }),
    [resolved, messages],
  )
  return <TextContext.Provider value={value}>{children}</TextContext.Provider>
}

/** The sentences and formatters of the nearest provider (English outside one). */
export function useStablecoinText(): StablecoinText {
  return useContext(TextContext) ?? { t: messagesFor("en"), f: createFormatters("en"), locale: "en" }
}
