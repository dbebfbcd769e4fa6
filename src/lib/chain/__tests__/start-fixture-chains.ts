import { getAddress } from "viem"
import { deployFixture, startAnvil, type Anvil, type ChainFixture } from "#sandbox/chain/index"

export type FixtureChains = { base: ChainFixture; bsc: ChainFixture; anvils: Anvil[]; stop(): Promise<void> }

/**
 * Starts one anvil for chain 8453 (6-decimal tokens) and one for chain 56 (18-decimal tokens)
 * and deploys the fixture on each. `stop` ends both anvils by pid.
 */
export async function startFixtureChains(): Promise<FixtureChains> {
  const anvils = await Promise.all([startAnvil({ chainId: 8453 }), startAnvil({ chainId: 56 })])
  const stop = async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  }
  try {
    const [base, bsc] = await Promise.all(
      anvils.map(async (anvil) =>
        checksumFixture(await deployFixture({ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl })),
      ),
    )
    return { base, bsc, anvils, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The fixture with checksummed addresses (receipts give lower case), as a service would return them. */
export function checksumFixture(fixture: ChainFixture): ChainFixture {
  const tokens = Object.fromEntries(
    Object.entries(fixture.tokens).map(([symbol, token]) => [symbol, { ...token, address: getAddress(token.address) }]),
  ) as ChainFixture["tokens"]
  return {
    ...fixture,
    tokens,
    factory: getAddress(fixture.factory),
    payout: getAddress(fixture.payout),
    pool: getAddress(fixture.pool),
    priceFeed: getAddress(fixture.priceFeed),
  }
}
