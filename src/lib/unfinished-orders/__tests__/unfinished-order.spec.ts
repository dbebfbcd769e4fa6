import { CLOSE_RETRY_HOURS, mayRetryClose, UNFINISHED_ORDER_STATUSES, unfinishedOrderOf } from "../unfinished-order"

const HOUR = 3_600_000
const placed = new Date("2026-11-01T10:00:00Z")
const at = (hours: number) => new Date(placed.getTime() + hours * HOUR)
const judge = (status: string, nowHours: number, lastTransferAt: Date | null = null, graceHours = 72) =>
  unfinishedOrderOf({ facts: { status, orderPlacedAt: placed, lastTransferAt }, now: at(nowHours), graceHours })

describe("unfinishedOrderOf", () => {
  it.each([
    ["underpaid", "underpaid"],
    ["held_sanctioned", "held_sanctioned"],
    ["wrong_token", "wrong_token"],
    ["waiting", "unconfirmed"],
    ["confirming", "unconfirmed"],
    ["expired", "unconfirmed"],
  ])("%s: counted from the order's placing, overdue once the grace is over", (status, kind) => {
    expect(judge(status, 71.99)).toEqual({ kind, since: placed, overdueAt: at(72), overdue: false })
    expect(judge(status, 72)).toMatchObject({ kind, overdue: true })
  })

  it.each(["paid", "swept", "overpaid", "expired_paid_late", "not-a-status"])(
    "%s: a payment that can still be captured is no unfinished order",
    (status) => {
      expect(judge(status, 1_000)).toBeNull()
      expect(UNFINISHED_ORDER_STATUSES).not.toContain(status)
    },
  )

  it("underpaid: a top-up after the order was placed starts the grace again from that transfer", () => {
    expect(judge("underpaid", 80, at(10))).toEqual({
      kind: "underpaid",
      since: at(10),
      overdueAt: at(82),
      overdue: false,
    })
    expect(judge("underpaid", 82, at(10))).toMatchObject({ overdue: true })
  })

  it("underpaid: a transfer before the order was placed counts from the placing", () => {
    expect(judge("underpaid", 72, at(-5))).toMatchObject({ since: placed, overdue: true })
  })

  it("only an underpaid payment counts from its last transfer (a held payer's later transfer gives no more time)", () => {
    expect(judge("held_sanctioned", 72, at(10))).toMatchObject({ since: placed, overdue: true })
  })

  it("the grace is the option's, fractions of an hour included", () => {
    expect(judge("confirming", 1.4, null, 1.5)).toMatchObject({ overdue: false })
    expect(judge("confirming", 1.5, null, 1.5)).toMatchObject({ overdue: true })
  })
})

describe("mayRetryClose", () => {
  it("a close never tried, or one that failed a day ago or more, may be tried; one that failed less than a day ago may not", () => {
    expect(mayRetryClose({ failedAt: null, now: placed })).toBe(true)
    expect(mayRetryClose({ failedAt: placed, now: at(CLOSE_RETRY_HOURS - 0.01) })).toBe(false)
    expect(mayRetryClose({ failedAt: placed, now: at(CLOSE_RETRY_HOURS) })).toBe(true)
  })
})
