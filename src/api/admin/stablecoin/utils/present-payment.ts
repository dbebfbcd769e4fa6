import { formatTokenAmount } from "#src/lib/chain/format-token-amount"
import { publicChainOf } from "#src/lib/checkout/public-chain-of"
import { buildExplorerLink, CHAIN_NAMES } from "#src/lib/explorer/index"
import { ATTENTION_KINDS, attentionLabelOf, type AttentionKind } from "#src/lib/ledger/attention"
import { orderGuidanceOf, paymentStateOf, serviceStatusWordsOf } from "#src/lib/ledger/order-guidance"
import type { PluginOptions } from "#src/lib/options/index"
import { allowsCapture, STATUS_TABLE, statusAction, type Rail, type ServiceStatus } from "#src/lib/status"
import { ledgerRefundsOf, verificationOf, type LedgerPayment, type LedgerReceipt } from "#src/modules/stablecoin/types"
import { exchangeRateOf } from "#src/storefront/format/exchange-rate-of"
import type { NumberedPaymentLinks } from "./number-payment-links"
import { receivedStoryOf } from "./received-story"

/** A token amount in base units with its display form (null when the row's decimals are unknown). */
export type PresentedAmount = { base_units: string; display: string | null }

const isStatus = (status: string): status is ServiceStatus => status in STATUS_TABLE

/**
 * A ledger row as the admin shows it: every stored field, plus what the server knows and the
 * browser should not recompute: the status table's meaning and shipping guidance, whether the
 * merchant may confirm it, amounts formatted with the row's own decimals (exact, from base units),
 * the shortfall or surplus, the chain's name and explorer links, the order's number, and who may send
 * its refunds. Only ledger data and the chains' public addresses and explorer URLs: no option that
 * could hold a secret (api key, RPC URL, webhook secrets).
 */
export function presentPayment(
  row: LedgerPayment,
  options: PluginOptions,
  links: NumberedPaymentLinks | undefined,
  receiptRows: LedgerReceipt[] = [],
) {
  const decimals = row.token_decimals
  const amount = (units: string | null | undefined): PresentedAmount | null =>
    units == null ? null : { base_units: units, display: decimals == null ? null : formatTokenAmount(units, decimals) }
  const chain = options.chains.find((c) => c.chainId === row.chain_id)
  // As the shopper's page has them: a local chain under a real chain's id has no public explorer (its
  // hashes are shown, not linked), and the confirmations the service waits for (chains[].confirmations).
  const { explorerUrl, confirmationsRequired: confirmationsTarget } = publicChainOf(options.chains, row.chain_id)
  const link = (kind: "tx" | "address", value: unknown) =>
    typeof value === "string" ? buildExplorerLink({ chainId: row.chain_id, kind, value, explorerUrl }) : null
  const verification = verificationOf(row)
  const expected = BigInt(row.expected_amount)
  const received = receivedStoryOf({
    serviceAmount: row.confirmed_amount ?? null,
    transfers: receiptRows.map((r) => r.amount),
    decimals,
    symbol: row.token_symbol,
  })
  const receivedUnits = received.total === null ? null : BigInt(received.total)
  const policy = { acceptLatePayments: options.acceptLatePayments }
  const status = isStatus(row.status)
    ? {
        meaning: STATUS_TABLE[row.status].meaning,
        safe_to_ship: STATUS_TABLE[row.status].safeToShip,
        action: statusAction(row.status, row.rail as Rail, policy),
      }
    : { meaning: `Unknown status "${row.status}".`, safe_to_ship: "No", action: "never" as const }
  const refunds = ledgerRefundsOf(row).map((r) => ({
    ...r,
    token_amount: { base_units: r.tokenAmount, display: formatTokenAmount(r.tokenAmount, r.tokenDecimals) },
    tx_link: r.txHash ? buildExplorerLink({ chainId: r.chainId, kind: "tx", value: r.txHash, explorerUrl }) : null,
    near_miss_link: r.nearMiss
      ? buildExplorerLink({ chainId: r.chainId, kind: "tx", value: r.nearMiss.txHash, explorerUrl })
      : null,
  }))
  return {
    ...row,
    chain_name: CHAIN_NAMES[row.chain_id] ?? `Chain ${row.chain_id}`,
    /** The chain's payout (public): its pool holds the payments, and a refund is sent from it or from a refund sender. */
    payout_address: chain?.payout ?? null,
    refund_senders: chain?.refundSenders ?? [],
    status_info: status,
    /** The service's status in words (the code is `status`). */
    status_words: isStatus(row.status) ? serviceStatusWordsOf(row.status, row.rail as Rail) : row.status,
    /** The badge: what Medusa's payment state and the service's status mean together, in words. */
    state: isStatus(row.status)
      ? paymentStateOf({
          status: row.status,
          rail: row.rail as Rail,
          captured: row.captured_at != null,
          attention: row.attention,
          policy,
          confirmations: row.confirmations,
          confirmationsTarget,
          inFlight: row.in_flight != null,
        })
      : { label: `Unknown status "${row.status}"`, tone: "red" as const },
    /** How many confirmations the service waits for on this chain (chains[].confirmations); null when not configured. */
    confirmations_target: confirmationsTarget,
    attention_label: row.attention ? attentionLabelOf(row.attention) : null,
    attention_meaning: row.attention ? (ATTENTION_KINDS[row.attention as AttentionKind] ?? row.attention) : null,
    /** The rate the shopper paid at, fiat per whole token ("0.921319"), from the order total and the token amount. */
    fiat_per_token:
      row.fiat_amount && decimals != null
        ? exchangeRateOf({
            fiatAmount: Number(row.fiat_amount),
            fiatDecimals: 2,
            baseUnits: row.expected_amount,
            tokenDecimals: decimals,
          })
        : null,
    /** The service's report and the transfers found so far, said in words where they differ (receivedStoryOf). */
    received_note: received.note,
    received_source: received.source,
    /** The last time the service was asked about this payment, and by what: an on-demand read (Refresh, Medusa's Check status, the store's page) or the reconcile job. */
    last_checked: lastCheckOf(row),
    /** The merchant's confirm would capture: not captured yet, not for a canceled order, and the table captures it or leaves it to the merchant. */
    can_confirm:
      row.captured_at == null &&
      row.attention !== "order_canceled" &&
      isStatus(row.status) &&
      allowsCapture(row.status, row.rail as Rail, "merchant", policy),
    amounts: {
      expected: amount(row.expected_amount),
      confirmed: amount(row.confirmed_amount),
      /** The one received figure (receivedStoryOf): the transfers' sum once any is listed, else the service's report. */
      received: amount(received.total),
      /** The sum of the transfers listed below it; null before any is. */
      transfers_total: amount(received.transfersTotal),
      surplus: amount(
        row.surplus_amount ??
          (receivedUnits !== null && receivedUnits > expected ? (receivedUnits - expected).toString() : null),
      ),
      shortfall: amount(
        receivedUnits !== null && receivedUnits < expected ? (expected - receivedUnits).toString() : null,
      ),
    },
    links: {
      tx: link("tx", row.tx_hash),
      payer: link("address", row.payer_address),
      pool: link("address", verification?.pool),
      forwarder: link("address", verification?.forwarder),
      token: link("address", row.token_address),
    },
    refunds,
    /** Every payment into the verified address read from the chain, oldest first: a second one is owed back. */
    receipts: receiptRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      tx_hash: r.tx_hash,
      log_index: r.log_index,
      block_number: r.block_number,
      from: r.from_address,
      to: r.to_address,
      amount: amount(r.amount)!,
      recorded_at: r.created_at,
      tx_link: link("tx", r.tx_hash),
    })),
    order_id: links?.order_id ?? null,
    order_display_id: links?.order_display_id ?? null,
    cart_id: links?.cart_id ?? null,
    /** Shipping follows the capture, not the order (an order is placed as soon as the payment is on its way). */
    shipping: isStatus(row.status)
      ? orderGuidanceOf({
          status: row.status,
          rail: row.rail as Rail,
          captured: row.captured_at != null,
          hasOrder: !!links?.order_id,
          attention: row.attention,
          policy,
        })
      : { safeToShip: false, summary: "No: unknown status.", options: [] },
  }
}

export type PresentedPayment = ReturnType<typeof presentPayment>

/** The later of the last on-demand read (last_refreshed_at) and the reconcile job's last poll, with which it was. */
function lastCheckOf(row: LedgerPayment): { at: string; by: "on_demand" | "reconcile" } | null {
  const time = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null)
  const refreshed = time(row.last_refreshed_at)
  const polled = time(row.last_polled_at)
  if (refreshed === null && polled === null) return null
  return (refreshed ?? 0) >= (polled ?? 0)
    ? { at: new Date(refreshed!).toISOString(), by: "on_demand" }
    : { at: new Date(polled!).toISOString(), by: "reconcile" }
}
