import { Heading, Select, Table, Text } from "@medusajs/ui"
import { useState, type ComponentProps, type ReactNode } from "react"
import { QueryState } from "./query-state"

/** The filter value that filters nothing: not sent to the route. */
export const ALL = "all"

const PAGE_SIZE = 20

/** Which page of an offset list is shown, as ListPagination takes it. */
export type ListPage = { pageSize: number; pageIndex: number; onPage: (index: number) => void }

/**
 * The state of a filtered, paginated admin list: the filters' values (`ALL` for none), the page,
 * and the route query they make. Changing a filter goes back to the first page.
 */
export function useFilteredList<F extends Record<string, string>>(initialFilters: F) {
  const [filters, setFilters] = useState(initialFilters)
  const [pageIndex, setPageIndex] = useState(0)
  const pagination: ListPage = { pageSize: PAGE_SIZE, pageIndex, onPage: setPageIndex }
  const setFilter = (key: keyof F, value: string) => {
    setFilters((current) => ({ ...current, [key]: value }))
    setPageIndex(0)
  }
  const sent = Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [key, value === ALL ? undefined : value]),
  ) as { [K in keyof F]?: string }
  return {
    filters,
    setFilter,
    pagination,
    query: { ...sent, limit: PAGE_SIZE, offset: pageIndex * PAGE_SIZE },
  }
}

export type FilteredList<F extends Record<string, string>> = ReturnType<typeof useFilteredList<F>>

export type ListFilterOption = { value: string; label: string }

/** Options for a filter: its "no filter" entries first, then each value in words (`labels`: value to words). */
export const filterOptions = (first: ListFilterOption[], labels: Record<string, string>): ListFilterOption[] => [
  ...first,
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
]

/** One filter of a list's header: a small select over the list's filter `name`, `className` giving its width. */
export const ListFilter = <F extends Record<string, string>>({
  list,
  name,
  options,
  className,
  testId,
}: {
  list: Pick<FilteredList<F>, "filters" | "setFilter">
  name: keyof F
  options: ListFilterOption[]
  className: string
  testId?: string
}) => (
  <Select size="small" value={list.filters[name]} onValueChange={(value) => list.setFilter(name, value)}>
    <Select.Trigger className={className} data-testid={testId}>
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      {options.map((option) => (
        <Select.Item key={option.value} value={option.value}>
          {/* The code the route filters on, on hover; the words are what the merchant reads. */}
          <span title={option.value}>{option.label}</span>
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)

/** A list's header: its title, the count of rows it has (`noun` as [one, many], `suffix` after it), and its filters. */
export const ListHeader = ({
  title,
  count,
  noun,
  suffix = "",
  children,
}: {
  title: string
  count: number | undefined
  noun: [string, string]
  suffix?: string
  children: ReactNode
}) => (
  <div className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
    <div>
      <Heading level="h2">{title}</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {count === undefined ? " " : `${count} ${count === 1 ? noun[0] : noun[1]}`}
        {suffix}
      </Text>
    </div>
    <div className="flex items-center gap-x-2">{children}</div>
  </div>
)

/** Medusa's table pagination for an offset list: page `pageIndex` of `count` rows, `pageSize` per page. */
export const ListPagination = ({ count, pageSize, pageIndex, onPage }: ListPage & { count: number }) => {
  const pageCount = Math.max(1, Math.ceil(count / pageSize))
  return (
    <Table.Pagination
      count={count}
      pageSize={pageSize}
      pageIndex={pageIndex}
      pageCount={pageCount}
      canPreviousPage={pageIndex > 0}
      canNextPage={pageIndex + 1 < pageCount}
      previousPage={() => onPage(Math.max(0, pageIndex - 1))}
      nextPage={() => onPage(pageIndex + 1)}
    />
  )
}

/** What PagedTable reads of a list's query (a react-query result). */
export type ListQuery<D> = { data: D | undefined; isPending: boolean; isError: boolean; error: unknown }

/**
 * A list's table: its loading, error and empty states (QueryState, worded by the caller), else the
 * loaded page's rows under `columns`, followed by the pages. `rows` picks the page's rows,
 * `children` draws one as a Table.Row.
 */
export const PagedTable = <D extends { count: number }, R>({
  query,
  rows,
  columns,
  pagination,
  children,
  ...words
}: Omit<ComponentProps<typeof QueryState>, "children" | "isPending" | "error" | "isEmpty"> & {
  query: ListQuery<D>
  rows: (data: D) => R[]
  columns: string[]
  pagination: ListPage
  children: (row: R) => ReactNode
}) => (
  <QueryState
    isPending={query.isPending}
    error={query.isError ? query.error : null}
    isEmpty={query.data !== undefined && rows(query.data).length === 0}
    {...words}
  >
    {() => (
      <>
        <Table>
          <Table.Header>
            <Table.Row>
              {columns.map((column, i) => (
                <Table.HeaderCell key={i}>{column}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{rows(query.data!).map(children)}</Table.Body>
        </Table>
        <ListPagination count={query.data!.count} {...pagination} />
      </>
    )}
  </QueryState>
)
