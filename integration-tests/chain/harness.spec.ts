import { getAddress } from "viem"
import { poolAbi, testTokenAbi } from "#src/lib/chain/abis"
import { deployFixture, devAccounts, localClients, snapshotChain, startAnvil, type Anvil } from "#sandbox/chain/index"

describe("chain harness", () => {
  let anvil: Anvil
  afterEach(async () => anvil?.stop())

  it("deploys the fixture with 6 decimals on 8453 and ends anvil by pid", async () => {
    anvil = await startAnvil({ chainId: 8453 })
    const fx = await deployFixture({ chainId: 8453, rpcUrl: anvil.rpcUrl })
    const { publicClient } = localClients(8453, anvil.rpcUrl)
    expect(await publicClient.getChainId()).toBe(8453)
    expect(
      await publicClient.readContract({ address: fx.tokens.USDC.address, abi: testTokenAbi, functionName: "decimals" }),
    ).toBe(6)
    expect(
      getAddress(await publicClient.readContract({ address: fx.pool, abi: poolAbi, functionName: "payout" })),
    ).toBe(devAccounts.payout.address)
    await anvil.stop()
    expect(() => process.kill(anvil.pid, 0)).toThrow()
  })

  it("deploys 18-decimal tokens on chain 56 and reverts to a snapshot", async () => {
    anvil = await startAnvil({ chainId: 56 })
    const fx = await deployFixture({ chainId: 56, rpcUrl: anvil.rpcUrl, deployPool: false })
    const { publicClient, walletClient } = localClients(56, anvil.rpcUrl)
    expect(
      await publicClient.readContract({ address: fx.tokens.EURC.address, abi: testTokenAbi, functionName: "decimals" }),
    ).toBe(18)
    expect(await publicClient.getCode({ address: fx.pool })).toBeUndefined()
    const snap = await snapshotChain(56, anvil.rpcUrl)
    const hash = await walletClient(devAccounts.customer).writeContract({
      address: fx.tokens.USDC.address,
      abi: testTokenAbi,
      functionName: "mint",
      args: [devAccounts.customer.address, 10n ** 18n],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    const balanceOf = () =>
      publicClient.readContract({
        address: fx.tokens.USDC.address,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [devAccounts.customer.address],
      })
    expect(await balanceOf()).toBe(10n ** 18n)
    await snap.revert()
    expect(await balanceOf()).toBe(0n)
  })
})
