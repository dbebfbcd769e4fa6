import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** One label/value row, laid out like the rows of Medusa's own order sections. */
export const SectionRow = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-3" data-testid={testId}>
    <Text size="small" weight="plus" leading="compact">
      {label}
    </Text>
    <div className="txt-compact-small text-ui-fg-base min-w-0 break-words">{children}</div>
  </div>
)
