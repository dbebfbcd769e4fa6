import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { errorMessage } from "../lib/format"

type QueryStateProps = {
  isPending: boolean
  error: unknown
  isEmpty: boolean
  loading: string
  /** Start of the error sentence; the route's own message follows. */
  failed: string
  empty: string
  emptyTestId?: string
  /** Rendered only once the data is there and not empty. */
  children: () => ReactNode
}

/** The loading, error and empty states of a list section, worded by the caller; the list itself otherwise. */
export const QueryState = ({
  isPending,
  error,
  isEmpty,
  loading,
  failed,
  empty,
  emptyTestId,
  children,
}: QueryStateProps) =>
  isPending ? (
    <Text size="small" className="text-ui-fg-subtle px-6 py-4">
      {loading}
    </Text>
  ) : error ? (
    <Text size="small" className="text-ui-fg-error px-6 py-4">
      {failed}: {errorMessage(error)}
    </Text>
  ) : isEmpty ? (
    <Text size="small" className="text-ui-fg-subtle px-6 py-8 text-center" data-testid={emptyTestId}>
      {empty}
    </Text>
  ) : (
    <>{children()}</>
  )
