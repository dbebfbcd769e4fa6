import { concat, encodeAbiParameters, getContractAddress, keccak256, type Address } from "viem"
import { forwarderBytecode, poolBytecode } from "../sandbox/contracts/bytecode"
import { buildStorefrontTrustRoots } from "../src/lib/chain/build-storefront-trust-roots"
import type { StorefrontTrustRoots } from "../src/lib/chain/storefront-trust-roots"
import { parsePluginOptions } from "../src/lib/options"

const addressArg = (a: Address) => encodeAbiParameters([{ type: "address" }], [a])

/**
 * The demo's pinned roots, from the same plugin options the store runs with. The demo only ever
 * runs on the sandbox's contracts, so the pool is derived from the pinned factory, payout and the
 * sandbox pool's init code hash, and the forwarder init code hash is the sandbox forwarder's: the
 * deposit address is proved in the page with no node, as with `npm run storefront:config`'s roots.
 * The pool is what `factory.poolOf(payout)` answers: CREATE2(factory, keccak256(abi.encode(payout)),
 * keccak256(pool creation code ++ abi.encode(payout))) (docs/decisions.md#on-chain-layout).
 * A local chain's RPC (anvil, no key) doubles as the public RPC the page also checks through; a real
 * storefront names a public endpoint instead, or none.
 */
export function demoTrustRootsFor(pluginOptions: unknown): StorefrontTrustRoots {
  const { chains } = parsePluginOptions(pluginOptions)
  const forwarderInitCodeHash = keccak256(forwarderBytecode)
  const pinned = chains.map((c) => ({
    ...c,
    pool: getContractAddress({
      opcode: "CREATE2",
      from: c.factory,
      salt: keccak256(addressArg(c.payout)),
      bytecodeHash: keccak256(concat([poolBytecode, addressArg(c.payout)])),
    }),
    forwarderInitCodeHash,
  }))
  return {
    chains: buildStorefrontTrustRoots({ chains: pinned }).chains.map((c) => ({
      ...c,
      publicRpcUrl: chains.find((o) => o.chainId === c.chainId)!.rpcUrl,
    })),
  }
}
