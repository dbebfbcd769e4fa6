import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { RecordRefusal } from "./refund-words"
import { postForAnswer, sdk } from "./sdk"
import type { AdminList, AdminStablecoinHealth, AdminStablecoinPayment, AdminWebhookEvent } from "./types"

/** Every query key starts here, so an action invalidates every view of the ledger at once. */
const ROOT = ["stablecoin"] as const

export type PaymentFilters = {
  order_id?: string
  cart_id?: string
  attention?: string
  status?: string
  limit?: number
  offset?: number
}

const withoutEmpty = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""))

type PaymentList = AdminList<"payments", AdminStablecoinPayment>

/** `refetchInterval`: how often to read again while the page waits for the ledger to change (false: not on a timer). */
export const usePayments = (
  filters: PaymentFilters,
  { refetchInterval }: { refetchInterval?: (data: PaymentList | undefined) => number | false } = {},
) =>
  useQuery<PaymentList>({
    queryKey: [...ROOT, "payments", filters],
    queryFn: () => sdk.client.fetch<PaymentList>("/admin/stablecoin/payments", { query: withoutEmpty(filters) }),
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  })

export const useWebhookEvents = (filters: { state?: string; limit?: number; offset?: number }) =>
  useQuery({
    queryKey: [...ROOT, "webhook-events", filters],
    queryFn: () =>
      sdk.client.fetch<AdminList<"webhook_events", AdminWebhookEvent>>("/admin/stablecoin/webhook-events", {
        query: withoutEmpty(filters),
      }),
  })

export const useHealth = () =>
  useQuery({
    queryKey: [...ROOT, "health"],
    queryFn: () => sdk.client.fetch<AdminStablecoinHealth>("/admin/stablecoin/health"),
    // Chain reads are live; the panel does not need to re-read on every focus.
    staleTime: 30_000,
  })

/** A POST under /admin/stablecoin that changes the ledger: on success every stablecoin query is refetched. */
function useLedgerAction<TInput, TResult>(
  path: (input: TInput) => string,
  body: (input: TInput) => Record<string, unknown> = () => ({}),
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: TInput) => sdk.client.fetch<TResult>(path(input), { method: "POST", body: body(input) }),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  })
}

type PaymentAnswer = { payment: AdminStablecoinPayment }

export const useRefreshPayment = () =>
  useLedgerAction<string, PaymentAnswer & { refreshed: boolean; outcome: string | null }>(
    (id) => `/admin/stablecoin/payments/${id}/refresh`,
  )

export const useConfirmPayment = () =>
  useLedgerAction<string, PaymentAnswer & { outcome: string }>((id) => `/admin/stablecoin/payments/${id}/confirm`)

/** The record-sent route's answer: recorded (or already), or refused with the route's code for the merchant's words (refundRefusalWords). */
export type RecordRefundAnswer =
  | { recorded: true; alreadyRecorded: boolean }
  | { recorded: false; refusal: RecordRefusal }

/** Records a refund sent with its transaction; the route checks it on the chain. A refusal is an answer, not an error. */
export const useRecordRefundSent = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({
      paymentId,
      refundId,
      txHash,
    }: {
      paymentId: string
      refundId: string
      txHash: string
    }): Promise<RecordRefundAnswer> => {
      const { status, body } = await postForAnswer<{ recorded?: boolean; already_recorded?: boolean } & RecordRefusal>(
        `/admin/stablecoin/payments/${paymentId}/refunds/${refundId}/sent`,
        { tx_hash: txHash },
      )
      if (status < 300 && (body.recorded || body.already_recorded))
        return { recorded: true, alreadyRecorded: !body.recorded }
      return { recorded: false, refusal: body }
    },
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  })
}

export const useReprocessWebhookEvent = () =>
  useLedgerAction<string, { reprocessed: boolean; state: string; outcome: string | null }>(
    (id) => `/admin/stablecoin/webhook-events/${id}/reprocess`,
  )

export const useTestConnection = () =>
  useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ ok: boolean; elapsed_ms: number; message: string }>("/admin/stablecoin/test-connection", {
        method: "POST",
        body: {},
      }),
  })

/** Payments whose order awaits them past the grace and cannot finish, each with that order, oldest first by the route's page. */
export const useOverduePayments = (page: { limit: number; offset: number }) =>
  useQuery({
    queryKey: [...ROOT, "payments", "overdue", page],
    queryFn: () =>
      sdk.client.fetch<AdminList<"payments", import("./types").AdminOverduePayment>>("/admin/stablecoin/payments", {
        query: { overdue: "true", ...page },
      }),
  })
