import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"
import type { AdminList, AdminStablecoinHealth, AdminStablecoinPayment, AdminWebhookEvent } from "./types"

/** Every query key starts here, so an action invalidates every view of the ledger at once. */
const ROOT = ["stablecoin"] as const

export type PaymentFilters = { order_id?: string; cart_id?: string; attention?: string; status?: string; limit?: number; offset?: number }

const withoutEmpty = (q: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""))

export const usePayments = (filters: PaymentFilters) =>
  useQuery({
    queryKey: [...ROOT, "payments", filters],
    queryFn: () =>
      sdk.client.fetch<AdminList<"payments", AdminStablecoinPayment>>("/admin/stablecoin/payments", { query: withoutEmpty(filters) }),
  })

export const useWebhookEvents = (filters: { state?: string; limit?: number; offset?: number }) =>
  useQuery({
    queryKey: [...ROOT, "webhook-events", filters],
    queryFn: () => sdk.client.fetch<AdminList<"webhook_events", AdminWebhookEvent>>("/admin/stablecoin/webhook-events", { query: withoutEmpty(filters) }),
  })

export const useHealth = () =>
  useQuery({
    queryKey: [...ROOT, "health"],
    queryFn: () => sdk.client.fetch<AdminStablecoinHealth>("/admin/stablecoin/health"),
    // Chain reads are live; the panel does not need to re-read on every focus.
    staleTime: 30_000,
  })

/** A POST under /admin/stablecoin that changes the ledger: on success every stablecoin query is refetched. */
function useLedgerAction<TInput, TResult>(path: (input: TInput) => string, body: (input: TInput) => Record<string, unknown> = () => ({})) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: TInput) => sdk.client.fetch<TResult>(path(input), { method: "POST", body: body(input) }),
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  })
}

type PaymentAnswer = { payment: AdminStablecoinPayment }

export const useRefreshPayment = () =>
  useLedgerAction<string, PaymentAnswer & { refreshed: boolean; outcome: string | null }>((id) => `/admin/stablecoin/payments/${id}/refresh`)

export const useConfirmPayment = () => useLedgerAction<string, PaymentAnswer & { outcome: string }>((id) => `/admin/stablecoin/payments/${id}/confirm`)

export const useRecordRefundSent = () =>
  useLedgerAction<{ paymentId: string; refundId: string; txHash: string }, PaymentAnswer & { recorded: boolean; already_recorded?: boolean }>(
    ({ paymentId, refundId }) => `/admin/stablecoin/payments/${paymentId}/refunds/${refundId}/sent`,
    ({ txHash }) => ({ tx_hash: txHash })
  )

export const useReprocessWebhookEvent = () =>
  useLedgerAction<string, { reprocessed: boolean; state: string; outcome: string | null }>((id) => `/admin/stablecoin/webhook-events/${id}/reprocess`)

export const useTestConnection = () =>
  useMutation({
    mutationFn: () => sdk.client.fetch<{ ok: boolean; elapsed_ms: number; message: string }>("/admin/stablecoin/test-connection", { method: "POST", body: {} }),
  })

/** Payments whose order awaits them past the grace and cannot finish, each with that order, oldest first by the route's page. */
export const useOverduePayments = (page: { limit: number; offset: number }) =>
  useQuery({
    queryKey: [...ROOT, "payments", "overdue", page],
    queryFn: () =>
      sdk.client.fetch<AdminList<"payments", import("./types").AdminOverduePayment>>("/admin/stablecoin/payments", { query: { overdue: "true", ...page } }),
  })
