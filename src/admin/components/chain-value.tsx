import { Copy, Text } from "@medusajs/ui"
import { shortHex } from "../lib/format"

/** An address or hash: shortened, linked to the chain's explorer when it has one, and copyable in full. */
export const ChainValue = ({ value, href, testId }: { value: string | null; href: string | null; testId?: string }) => {
  if (!value)
    return (
      <Text size="small" className="text-ui-fg-muted">
        —
      </Text>
    )
  return (
    <div className="flex items-center gap-x-1" data-testid={testId} data-value={value}>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="txt-compact-small font-mono text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
          title={value}
        >
          {shortHex(value)}
        </a>
      ) : (
        <Text size="small" className="font-mono" title={value}>
          {shortHex(value)}
        </Text>
      )}
      <Copy content={value} className="text-ui-fg-muted" />
    </div>
  )
}
