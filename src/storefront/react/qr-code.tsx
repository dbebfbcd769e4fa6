/// <reference lib="dom" />
import { useEffect, useState } from "react"

/**
 * A QR code of `value` as inline SVG, labelled for screen readers; the stylesheet draws it at least 200 px wide.
 * The encoder is fetched when a code is first drawn, not with the page.
 */
export function QrCode({
  value,
  label,
  className = "stablecoin-payment__qr",
}: {
  value: string
  label: string
  className?: string
}) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    import("../render-qr-svg.js")
      .then(({ renderQrSvg }) => renderQrSvg({ text: value }))
      .then(
        (s) => live && setSvg(s),
        () => live && setSvg(null),
      )
    return () => {
      live = false
    }
  }, [value])
  return (
    <div
      className={className}
      role="img"
      aria-label={label}
      data-qr-value={value}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn by render-qr-svg.ts from the address, never from markup a service sent
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  )
}
