/** Inline SVG marks for networks and tokens: no image request, no third-party host. */
const NETWORK_COLOURS: Record<number, string> = {
  1: "#627eea",
  10: "#ff0420",
  56: "#f0b90b",
  137: "#8247e5",
  8453: "#0052ff",
  42161: "#213147",
  43114: "#e84142",
}
const TOKEN_COLOURS: Record<string, string> = { USDC: "#2775ca", USDT: "#26a17b", EURC: "#2f5fd0" }

function Mark({ colour, letter, square }: { colour: string; letter: string; square?: boolean }) {
  return (
    <svg
      className="stablecoin-payment__icon"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      {square ? <rect width="20" height="20" rx="5" fill={colour} /> : <circle cx="10" cy="10" r="10" fill={colour} />}
      <text
        x="10"
        y="14"
        textAnchor="middle"
        fontSize="10"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        {letter}
      </text>
    </svg>
  )
}

/** A network's mark (rounded square): its colour where known, else neutral; the name is always written beside it. */
export function NetworkIcon({ chainId, name }: { chainId: number; name: string }) {
  return <Mark square colour={NETWORK_COLOURS[chainId] ?? "#4b5563"} letter={name.slice(0, 1).toUpperCase()} />
}

/** A token's mark (circle): its colour where known, else neutral. */
export function TokenIcon({ symbol }: { symbol: string }) {
  return <Mark colour={TOKEN_COLOURS[symbol] ?? "#4b5563"} letter={symbol === "EURC" ? "€" : "$"} />
}
