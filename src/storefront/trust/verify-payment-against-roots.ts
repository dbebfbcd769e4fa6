import { getAddress, isAddress, isAddressEqual, type Address, type PublicClient } from "viem"
import { buildErc20TransferUri } from "../../lib/chain/build-erc20-transfer-uri"
import { computePaymentRef } from "../../lib/chain/compute-payment-ref"
import { deriveForwarderAddress } from "../../lib/chain/derive-forwarder-address"
import { formatTokenAmount } from "../../lib/chain/format-token-amount"
import { parseBaseUnits } from "../../lib/chain/parse-base-units"
import { readMerchantFacts } from "../../lib/chain/read-merchant-facts"
import type { StorefrontTrustRoots } from "../../lib/chain/storefront-trust-roots"
import type { ChainConfig, TokenSymbol } from "../../lib/chain/types"
import type { PublicStablecoinPayment } from "../../lib/checkout/public-payment"
import { err, ok, type Result } from "../../lib/result"

/** The checks a store answer passes before any of it is shown, in the order they run; the first failure is the one reported. */
export const TRUST_CHECKS = [
  "trust_roots_missing",
  "chain_not_pinned",
  "token_not_pinned",
  "token_decimals",
  "factory",
  "payout",
  "payment_ref",
  "amount",
  "payment_uri",
  "deposit_roots_missing",
  "node_unreachable",
  "node_chain_id",
  "token_decimals_on_chain",
  "pool_address",
  "pool_code",
  "pool_payout",
  "forwarder",
] as const
export type TrustCheck = (typeof TRUST_CHECKS)[number]

export type TrustFailure = { check: TrustCheck; expected: string; actual: string }

/** What the wallet may be asked to do once every check passed: only these, never the answer's own addresses. */
export type VerifiedPayTarget = {
  chainId: number
  token: Address
  decimals: number
  /** Connect rail: the pool `deposit()` is called on (= pinned factory's `poolOf(pinned payout)`). */
  pool: Address
  /** Deposit rail: the forwarder the transfer goes to; null on the connect rail. */
  depositAddress: Address | null
  paymentRef: `0x${string}`
  /** What is still to send, base units. */
  amount: bigint
  /** Whether the node checks ran (false: only the checks that need no node). */
  onChain: boolean
}

export type VerifyPaymentAgainstRootsParameters = {
  roots: StorefrontTrustRoots | null | undefined
  payment: PublicStablecoinPayment
  /** The shopper's wallet node, else a public RPC; null runs only the checks that need no node. */
  client: PublicClient | null
}
export type VerifyPaymentAgainstRootsReturnType = Promise<Result<VerifiedPayTarget, TrustFailure>>
export type VerifyPaymentAgainstRootsErrorType = never

const fail = (check: TrustCheck, expected: unknown, actual: unknown) =>
  err<TrustFailure>({ check, expected: String(expected), actual: String(actual) })
const same = (a: string | null | undefined, b: string) =>
  typeof a === "string" && isAddress(a, { strict: false }) && isAddressEqual(getAddress(a), getAddress(b))

/**
 * Proves a store answer against the merchant's pinned roots before any address is shown or a
 * wallet signs (the server's own checks are docs/decisions.md#verification-checks). The answer's
 * `verification` block is only compared, never trusted: the pool is what the pinned factory
 * answers for the pinned payout, amounts and the QR URI are rebuilt with the pinned decimals and
 * token. A deposit address is re-derived from the pinned pool, keccak256(paymentId) and the pinned
 * forwarder init code hash, in every browser, node or not; roots without those two refuse it.
 * Node reads go through `client` (the wallet's own node when there is one) and must agree.
 * @example
 * const target = await verifyPaymentAgainstRoots({ roots, payment, client })
 * if (!target.ok) console.error(`stablecoin: check ${target.error.check} failed`)
 */
export async function verifyPaymentAgainstRoots({
  roots,
  payment,
  client,
}: VerifyPaymentAgainstRootsParameters): VerifyPaymentAgainstRootsReturnType {
  if (!roots || roots.chains.length === 0) return fail("trust_roots_missing", "pinned trust roots", "none configured")
  const chain = roots.chains.find((c) => c.chainId === payment.chain.id)
  if (!chain) return fail("chain_not_pinned", roots.chains.map((c) => c.chainId).join(", "), payment.chain.id)
  const symbol = payment.token.symbol as TokenSymbol
  const token = chain.tokens[symbol]
  if (!token || !same(payment.token.address, token.address))
    return fail("token_not_pinned", token?.address ?? `no pinned ${symbol}`, payment.token.address)
  if (payment.token.decimals !== token.decimals) return fail("token_decimals", token.decimals, payment.token.decimals)
  if (!same(payment.verification.factory, chain.factory))
    return fail("factory", chain.factory, payment.verification.factory)
  if (!same(payment.verification.payout, chain.payout)) return fail("payout", chain.payout, payment.verification.payout)

  const paymentRef = computePaymentRef(payment.paymentId)
  if (payment.connect && payment.connect.paymentRef !== paymentRef)
    return fail("payment_ref", paymentRef, payment.connect.paymentRef)

  const total = parseBaseUnits(payment.amount.baseUnits)
  if (total === undefined || total <= 0n || payment.amount.display !== formatTokenAmount(total, token.decimals))
    return fail(
      "amount",
      "a positive amount shown with the pinned decimals",
      `${payment.amount.baseUnits} as ${payment.amount.display}`,
    )
  const rest = payment.remaining ? parseBaseUnits(payment.remaining.baseUnits) : total
  if (
    rest === undefined ||
    rest <= 0n ||
    rest > total ||
    (payment.remaining && payment.remaining.display !== formatTokenAmount(rest, token.decimals))
  )
    return fail(
      "amount",
      `a remaining amount within ${total}`,
      `${payment.remaining?.baseUnits} as ${payment.remaining?.display}`,
    )

  const claimedPool = payment.connect?.pool ?? payment.verification.pool
  if (payment.connect && !same(payment.verification.pool, payment.connect.pool))
    return fail("pool_address", payment.verification.pool, payment.connect.pool)
  let depositAddress: Address | null = null
  if (payment.deposit) {
    if (!isAddress(payment.deposit.address, { strict: false }))
      return fail("forwarder", "an address", payment.deposit.address)
    depositAddress = getAddress(payment.deposit.address)
    const uriOf = (amount: bigint) =>
      buildErc20TransferUri({ token: token.address, chainId: chain.chainId, to: depositAddress!, amount })
    if (payment.deposit.paymentUri !== uriOf(total))
      return fail("payment_uri", uriOf(total), payment.deposit.paymentUri)
    if (payment.remaining && payment.remaining.paymentUri !== uriOf(rest))
      return fail("payment_uri", uriOf(rest), payment.remaining.paymentUri)
  }
  if (!isAddress(claimedPool, { strict: false })) return fail("pool_address", "an address", claimedPool)
  // A deposit address is shown to shoppers with no node at all, so it is proved from the pinned pool
  // and forwarder init code hash alone; roots without them cannot prove one.
  if (depositAddress && (!chain.pool || !chain.forwarderInitCodeHash)) {
    const missing = [chain.pool ? null : "pool", chain.forwarderInitCodeHash ? null : "forwarderInitCodeHash"]
      .filter(Boolean)
      .join(" and ")
    return fail(
      "deposit_roots_missing",
      `the trust roots of chain ${chain.chainId} to pin ${missing} (npm run storefront:config prints them)`,
      `no ${missing}`,
    )
  }
  if (chain.pool && !isAddressEqual(getAddress(claimedPool), chain.pool))
    return fail("pool_address", `${chain.pool} (pinned pool)`, claimedPool)
  if (depositAddress && chain.pool && chain.forwarderInitCodeHash) {
    const forwarder = deriveForwarderAddress({
      pool: chain.pool,
      paymentRef,
      forwarderInitCodeHash: chain.forwarderInitCodeHash,
    })
    if (!isAddressEqual(forwarder, depositAddress)) return fail("forwarder", forwarder, depositAddress)
  }
  const target: VerifiedPayTarget = {
    chainId: chain.chainId,
    token: token.address,
    decimals: token.decimals,
    pool: getAddress(claimedPool),
    depositAddress,
    paymentRef,
    amount: rest,
    onChain: false,
  }
  if (!client) return ok(target)

  // The server's own fact reader (docs/decisions.md#verification-checks, checks 1-2), pointed at this node and the pinned roots.
  const pinned: ChainConfig = {
    chainId: chain.chainId,
    rpcUrl: "",
    factory: chain.factory,
    payout: chain.payout,
    tokens: { [symbol]: token },
  }
  const read = await readMerchantFacts({ client, chain: pinned, claimedPool })
  // A deposit address stands proved by the roots above: a node that does not answer adds nothing, and
  // is no reason to hide it. A node that answers is still heard, and any contradiction refuses.
  if (!read.ok && depositAddress) return ok(target)
  if (!read.ok) return fail("node_unreachable", `answers from chain ${chain.chainId}'s node`, read.error.shortMessage)
  const facts = read.value
  if (facts.chainId !== chain.chainId) return fail("node_chain_id", chain.chainId, facts.chainId)
  if (facts.tokenDecimals[symbol] !== token.decimals)
    return fail("token_decimals_on_chain", token.decimals, facts.tokenDecimals[symbol] ?? "no answer")
  if (!facts.pool || !isAddressEqual(facts.pool, target.pool))
    return fail("pool_address", `${facts.pool ?? "no answer"} (factory.poolOf(${chain.payout}))`, claimedPool)
  if (!facts.poolHasCode) return fail("pool_code", `contract code at ${facts.pool}`, "no code")
  if (!facts.poolPayout || !isAddressEqual(facts.poolPayout, chain.payout))
    return fail("pool_payout", chain.payout, facts.poolPayout ?? "no answer")
  if (depositAddress) {
    if (!facts.forwarderInitCodeHash) return fail("forwarder", "pool.forwarderInitCodeHash()", "no answer")
    const forwarder = deriveForwarderAddress({
      pool: facts.pool,
      paymentRef,
      forwarderInitCodeHash: facts.forwarderInitCodeHash,
    })
    if (!isAddressEqual(forwarder, depositAddress)) return fail("forwarder", forwarder, depositAddress)
  }
  return ok({ ...target, pool: facts.pool, onChain: true })
}
