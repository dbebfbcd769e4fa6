import { buildExplorerLink } from "../../lib/explorer/build-explorer-link"

/** A transaction as the shopper sees it: shortened, linked to the network's explorer when it has one (the full hash in the link). */
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
    <code className="stablecoin-payment__tx" data-tx-hash={txHash}>
      {short}
    </code>
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
