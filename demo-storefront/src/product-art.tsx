/** The demo product's picture, inline (no image host). */
export function ProductArt() {
  return (
    <svg
      className="shop__art"
      viewBox="0 0 240 200"
      role="img"
      aria-label="A charcoal hoodie with a round coin logo on the chest"
    >
      <rect width="240" height="200" rx="16" fill="#eef1f5" />
      <path
        d="M84 42c8-10 20-14 36-14s28 4 36 14l34 18 18 50-26 10-10-26v86H68V84l-10 26-26-10 18-50z"
        fill="#374151"
      />
      <path
        d="M98 40c4 16 12 26 22 26s18-10 22-26"
        fill="none"
        stroke="#1f2937"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="120" cy="112" r="16" fill="#2775ca" />
      <text
        x="120"
        y="118"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        $
      </text>
      <path d="M92 168h56" stroke="#1f2937" strokeWidth="6" strokeLinecap="round" />
    </svg>
  )
}
