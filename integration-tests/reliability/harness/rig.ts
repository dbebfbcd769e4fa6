import type { Sandbox } from "#sandbox"
import type { Anvil } from "#sandbox/chain/index"
import type { Cluster } from "./cluster"
import type { Proxy as FaultProxy } from "./proxy"
import type { figures } from "./store"

/**
 * Which scenarios this run has. `npm test` runs each flood and the fault storms in one variant and
 * leaves out Medusa's own pp_system_default baseline (its time budget); `npm run bench:reliability`
 * (RELIABILITY_FULL=1) runs every scenario in both variants, the baseline included (RELIABILITY.md).
 */
export const RELIABILITY_FULL = process.env.RELIABILITY_FULL === "1"

/** `it` when `runs`, else nothing: the scenario is not part of this variant's run (not a skipped test). */
export const scenarioIf = (runs: boolean): jest.It => (runs ? it : ((() => undefined) as unknown as jest.It))

/** What the suite's scenarios share: the sandbox, the cluster, and the switchable links between them. */
export type Rig = {
  sandbox: Sandbox
  cluster: Cluster
  /** The customer's own RPC (anvil directly): payments still go through while the service's RPC is down. */
  anvil: Anvil
  /** The RPC the service reads the chain through. */
  rpc: FaultProxy
  /** The RPC the plugin reads the chain through (its own provider, as a store has). */
  pluginRpc: FaultProxy
  /** The plugin's baseUrl. */
  service: FaultProxy
  /** The webhook URL: a load balancer over both instances. */
  receiver: FaultProxy
  fig: ReturnType<typeof figures>
  /** Handed from one scenario to a later one of the same run. */
  shared: { deferredArrivalsMs?: number[] }
}
