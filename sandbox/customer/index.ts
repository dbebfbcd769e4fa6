import type { Account, Address, Hex } from "viem"
import { poolAbi, testTokenAbi } from "#src/lib/chain/abis"
import { devAccounts, localClients } from "../chain"
import { paymentRefOf } from "../service/handlers"

export type PaymentTx = { hash: Hex; blockNumber: bigint }

export type PayDepositIntentParameters = {
  rpcUrl: string
  chainId: number
  /** Token contract to send: the quoted one, or another for a wrong-token payment. */
  token: Address
  /** The intent's forwarder address. */
  to: Address
  /** Exact, under or over: the caller picks. */
  amount: bigint
  /** Payer (default the customer dev account; devAccounts.sanctioned for a compliance hold). */
  from?: Account
}

async function mined(publicClient: ReturnType<typeof localClients>["publicClient"], hash: Hex): Promise<PaymentTx> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`)
  return { hash, blockNumber: receipt.blockNumber }
}

/**
 * A customer paying a deposit intent: mints test tokens to the payer, then transfers them to the
 * forwarder (a plain ERC-20 transfer, as from any wallet or exchange).
 * @example await payDepositIntent({ rpcUrl, chainId: 8453, token: intent.token, to: intent.forwarderAddress, amount: BigInt(intent.expectedAmount) })
 */
export async function payDepositIntent({
  rpcUrl,
  chainId,
  token,
  to,
  amount,
  from = devAccounts.customer,
}: PayDepositIntentParameters) {
  const { publicClient, walletClient } = localClients(chainId, rpcUrl)
  const wallet = walletClient(from)
  const mint = await mined(
    publicClient,
    await wallet.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [from.address, amount],
    }),
  )
  const transfer = await mined(
    publicClient,
    await wallet.writeContract({ address: token, abi: testTokenAbi, functionName: "transfer", args: [to, amount] }),
  )
  return { mint, transfer }
}

export type PayConnectParameters = {
  rpcUrl: string
  chainId: number
  token: Address
  pool: Address
  amount: bigint
  paymentId: string
  from?: Account
}

/**
 * A customer paying on the connect rail: mint, approve the pool, `pool.deposit(token, amount, paymentRef)`.
 * @example await payConnect({ rpcUrl, chainId: 8453, token: payment.token, pool: payment.poolAddress, amount: BigInt(payment.expectedAmount), paymentId: payment.paymentId })
 */
export async function payConnect({
  rpcUrl,
  chainId,
  token,
  pool,
  amount,
  paymentId,
  from = devAccounts.customer,
}: PayConnectParameters) {
  const { publicClient, walletClient } = localClients(chainId, rpcUrl)
  const wallet = walletClient(from)
  const mint = await mined(
    publicClient,
    await wallet.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [from.address, amount],
    }),
  )
  const approve = await mined(
    publicClient,
    await wallet.writeContract({ address: token, abi: testTokenAbi, functionName: "approve", args: [pool, amount] }),
  )
  const deposit = await mined(
    publicClient,
    await wallet.writeContract({
      address: pool,
      abi: poolAbi,
      functionName: "deposit",
      args: [token, amount, paymentRefOf(paymentId)],
    }),
  )
  return { mint, approve, deposit }
}
