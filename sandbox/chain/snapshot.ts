import type { Hex } from "viem"
import { localClients } from "./clients"

/** Saves the chain state; `revert` returns to it (a snapshot id can be reverted to once). */
export async function snapshotChain(chainId: number, rpcUrl: string): Promise<{ id: Hex; revert(): Promise<void> }> {
  const { testClient } = localClients(chainId, rpcUrl)
  const id = await testClient.snapshot()
  return {
    id,
    revert: async () => {
      await testClient.revert({ id })
    },
  }
}
