import { Table } from "@medusajs/ui"

/** Medusa's table pagination for an offset list: page `pageIndex` of `count` rows, `pageSize` per page. */
export const ListPagination = ({ count, pageSize, pageIndex, onPage }: { count: number; pageSize: number; pageIndex: number; onPage: (index: number) => void }) => {
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
