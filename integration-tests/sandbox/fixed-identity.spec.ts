import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { poolAbi } from "#src/lib/chain/abis"
import { startSandbox } from "#sandbox"
import { getFreePortBlock, localClients } from "#sandbox/chain/index"
import { backendEnvOf, fixedSandboxOptions, formatEnvBlocks } from "#sandbox/fixed-identity"

jest.setTimeout(60_000)

/**
 * `npm run sandbox` across restarts: a store's .env written from the first start must still be
 * right after the second, and the printed blocks must be what the guide pastes.
 */
describe("npm run sandbox's fixed identity", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sandbox-identity-"))
  const secretsFile = path.join(dir, "sandbox-merchant.json")
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("gives the same service URL, key, secret, RPC URLs and contract addresses on every start", async () => {
    // The service's port and its two chains' after it, all free (outside the ports other tests and sockets draw from).
    const port = await getFreePortBlock(3)
    const options = () =>
      fixedSandboxOptions({
        port,
        chainIds: [8453, 56],
        webhookUrl: "http://localhost:9000/hooks/stablecoin",
        secretsFile,
      })
    const first = await startSandbox(options())
    const before = first.toJSON()
    const blocks = await formatEnvBlocks(before)
    await first.stop()
    const second = await startSandbox(options())
    const after = second.toJSON()
    await second.stop()

    expect(after.url).toBe(`http://127.0.0.1:${port}`)
    expect(after.chains.map((c) => c.rpcUrl)).toEqual([`http://127.0.0.1:${port + 1}`, `http://127.0.0.1:${port + 2}`])
    expect(backendEnvOf(after)).toEqual(backendEnvOf(before))
    expect(
      after.chains.map(({ factory, payout, pool, tokens, priceFeed }) => ({
        factory,
        payout,
        pool,
        tokens,
        priceFeed,
      })),
    ).toEqual(
      before.chains.map(({ factory, payout, pool, tokens, priceFeed }) => ({
        factory,
        payout,
        pool,
        tokens,
        priceFeed,
      })),
    )
    // The key and secret were made once and kept, not derived from anything in the repository.
    expect(JSON.parse(readFileSync(secretsFile, "utf8"))).toEqual({
      apiKey: after.apiKey,
      webhookSecret: after.webhookSecret,
    })
    expect(after.apiKey).toMatch(/^pk_sandbox_[0-9a-f]{48}$/)
    expect(after.webhookUrl).toBe("http://localhost:9000/hooks/stablecoin")

    // The blocks: the backend's lines as the guide's medusa-config.ts reads them, the storefront's pinned roots with the pool.
    const lines = blocks.split("\n")
    const env = Object.fromEntries(
      lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
    )
    expect(env).toMatchObject(backendEnvOf(before))
    expect(JSON.parse(env.STABLECOIN_CHAINS!)).toEqual(
      before.chains.map(({ chainId, rpcUrl, factory, payout, tokens }) => ({
        chainId,
        rpcUrl,
        factory,
        payout,
        tokens,
      })),
    )
    const roots = JSON.parse(/^'(.*)'$/.exec(env.NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS!)![1]!)
    expect(roots.chains.map((c: { chainId: number; pool: string }) => [c.chainId, c.pool])).toEqual(
      before.chains.map((c) => [c.chainId, c.pool]),
    )
    expect(JSON.stringify(roots)).not.toContain("127.0.0.1") // no RPC URL reaches the browser
  })

  it("pins the pool's forwarder init code hash as read from the chain", async () => {
    const port = await getFreePortBlock(2)
    const sandbox = await startSandbox(fixedSandboxOptions({ port, chainIds: [8453], webhookUrl: null, secretsFile }))
    try {
      const config = sandbox.toJSON()
      const line = (await formatEnvBlocks(config))
        .split("\n")
        .find((l) => l.startsWith("NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS="))!
      const [chain] = JSON.parse(/'(.*)'/.exec(line)![1]!).chains
      const onChain = await localClients(8453, config.chains[0]!.rpcUrl).publicClient.readContract({
        address: config.chains[0]!.pool,
        abi: poolAbi,
        functionName: "forwarderInitCodeHash",
      })
      expect(chain.forwarderInitCodeHash).toBe(onChain)
      expect(config.webhookUrl).toBeNull()
    } finally {
      await sandbox.stop()
    }
  })
})
