import { createPublicClient, http, type PublicClient } from "viem"

export type CreateRpcClientParameters = { rpcUrl: string; timeoutMs: number }

/**
 * A client for one read against a configured RPC (a trust root): no retries, so a down RPC answers
 * within `timeoutMs`, and no cache, so the read is of the chain now.
 * @example const client = createRpcClient({ rpcUrl: chain.rpcUrl, timeoutMs: options.rpcTimeoutMs })
 */
export function createRpcClient({ rpcUrl, timeoutMs }: CreateRpcClientParameters): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }), cacheTime: 0 })
}
