/// <reference lib="dom" />
import { useState } from "react"
import { copyText } from "../copy-text"
import { useStablecoinText } from "./stablecoin-text"

/** Copies `value`; says "Copied" (or that it could not) in the button itself, which screen readers announce. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useStablecoinText()
  const [result, setResult] = useState<"idle" | "copied" | "failed">("idle")
  return (
    <button
      type="button"
      className="stablecoin-payment__copy"
      aria-label={t.deposit.copy({ what: label })}
      onClick={async () => {
        setResult((await copyText(value)) ? "copied" : "failed")
        setTimeout(() => setResult("idle"), 2000)
      }}
    >
      <span aria-live="polite">
        {result === "copied" ? t.deposit.copied : result === "failed" ? t.deposit.copyFailed : t.deposit.copyButton}
      </span>
    </button>
  )
}
