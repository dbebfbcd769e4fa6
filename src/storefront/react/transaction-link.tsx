import type { PublicStablecoinPayment, PublicTransfer } from "../../lib/checkout/public-payment"
import { buildExplorerLink } from "../../lib/explorer/build-explorer-link"
import { CopyButton } from "./copy-button"
import { useStablecoinText } from "./stablecoin-text"

/**
 * The explorer of the payment's chain: the storefront's own (`explorerUrls`) first, else what the
 * store says (null: none, a local chain), else undefined for the chain's default (an older store).
 */
export function explorerUrlFor(
  payment: PublicStablecoinPayment,
  explorerUrls: Record<number, string> | undefined,
): string | null | undefined {
  return explorerUrls?.[payment.chain.id] ?? payment.chain.explorerUrl
}

/**
 * A transaction as the shopper sees it: shortened, linked to the network's explorer when it has
 * one (the full hash in the link); on a chain no public explorer knows (a local one) the hash with
 * a copy button, never a link to a page that would not find it.
 */
export function TransactionLink({
  chainId,
  txHash,
  label,
  explorerUrl,
}: {
  chainId: number
  txHash: string
  label: string
  explorerUrl?: string | null
}) {
  const { t } = useStablecoinText()
  const href = buildExplorerLink({ chainId, kind: "tx", value: txHash, explorerUrl })
  const short = txHash.length > 14 ? `${txHash.slice(0, 8)}…${txHash.slice(-6)}` : txHash
  return href ? (
    <a
      className="stablecoin-payment__tx"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-tx-hash={txHash}
      aria-label={`${label}: ${short}`}
    >
      {short}
    </a>
  ) : (
    <span className="stablecoin-payment__tx-copy">
      <code className="stablecoin-payment__tx" data-tx-hash={txHash} title={txHash}>
        {short}
      </code>{" "}
      <CopyButton value={txHash} label={t.deposit.copyTransaction} />
    </span>
  )
}

/** The transaction as one row of a facts list (`<dl>`), when there is one. */
export function TransactionFact({
  chainId,
  txHash,
  term,
  label,
  explorerUrl,
}: {
  chainId: number
  txHash: string | null
  term: string
  label: string
  explorerUrl?: string | null
}) {
  if (!txHash) return null
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <TransactionLink chainId={chainId} txHash={txHash} label={label} explorerUrl={explorerUrl} />
      </dd>
    </div>
  )
}

/** The payment's transfers, oldest first: the store view's list, else its one transaction (an older store). */
export function transfersOf(payment: PublicStablecoinPayment): PublicTransfer[] {
  if (payment.transfers?.length) return payment.transfers
  return payment.txHash ? [{ txHash: payment.txHash, amount: null }] : []
}

/**
 * Every transfer of the payment as rows of a facts list: one "Transaction" row for a single one;
 * after a top-up, "Transactions" with each transfer and its amount, oldest first.
 */
export function TransferFacts({
  payment,
  explorerUrl,
}: {
  payment: PublicStablecoinPayment
  explorerUrl?: string | null
}) {
  const { t, f } = useStablecoinText()
  const transfers = transfersOf(payment)
  if (transfers.length <= 1)
    return (
      <TransactionFact
        chainId={payment.chain.id}
        txHash={transfers[0]?.txHash ?? null}
        term={t.receipt.transaction}
        label={t.receipt.viewTransaction}
        explorerUrl={explorerUrl}
      />
    )
  return (
    <div className="stablecoin-payment__transfers">
      <dt>{t.receipt.transactions}</dt>
      <dd>
        <ol>
          {transfers.map((transfer) => (
            <li key={transfer.txHash} data-base-units={transfer.amount?.baseUnits}>
              {transfer.amount && (
                <span className="stablecoin-payment__transfer-amount">
                  {f.token(transfer.amount.display, payment.token.symbol, payment.token.decimals)}
                </span>
              )}{" "}
              <TransactionLink
                chainId={payment.chain.id}
                txHash={transfer.txHash}
                label={t.receipt.viewTransaction}
                explorerUrl={explorerUrl}
              />
            </li>
          ))}
        </ol>
      </dd>
    </div>
  )
}
