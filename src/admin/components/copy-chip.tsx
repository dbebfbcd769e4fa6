import { Copy } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * A value the merchant may paste elsewhere (an amount, an address, a contract argument): a
 * monospace chip, which alone may wrap anywhere (a full address), and a copy button. The
 * surrounding prose wraps between words as usual.
 */
export const CopyChip = ({
  value,
  children,
  title,
  testId,
}: {
  value: string
  children?: ReactNode
  title?: string
  testId?: string
}) => (
  <span className="inline-flex max-w-full items-center gap-x-0.5 align-middle" data-testid={testId} data-value={value}>
    <code
      className="bg-ui-bg-component txt-compact-small text-ui-fg-base break-all rounded px-1 font-mono"
      title={title ?? value}
    >
      {children ?? value}
    </code>
    <Copy
      content={value}
      className="text-ui-fg-muted shrink-0"
      aria-label={title ? `Copy: ${title}` : `Copy ${value}`}
    />
  </span>
)
