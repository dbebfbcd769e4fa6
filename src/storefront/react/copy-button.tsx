/// <reference lib="dom" />
import { useState } from "react"
import { copyText } from "../copy-text"

/** Copies `value`; says "Copied" (or that it could not) in the button itself, which screen readers announce. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [result, setResult] = useState<"idle" | "copied" | "failed">("idle")
  return (
    <button
      type="button"
      className="stablecoin-payment__copy"
      aria-label={`Copy ${label}`}
      onClick={async () => {
        setResult((await copyText(value)) ? "copied" : "failed")
        setTimeout(() => setResult("idle"), 2000)
      }}
    >
      {result === "copied" ? "Copied" : result === "failed" ? "Select and copy" : "Copy"}
    </button>
  )
}
