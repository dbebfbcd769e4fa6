import { execFile } from "node:child_process"
import path from "node:path"
import { createPublicClient, getAddress, http, type Address, type Hex, type PublicClient } from "viem"
import { deployFixture, startAnvil, type Anvil, type ChainFixture } from "#sandbox/chain/index"
import { parseTrustRoots } from "../../../storefront/trust/parse-trust-roots"
import { poolAbi, poolFactoryAbi } from "../abis"
import { readStorefrontTrustRoots } from "../read-storefront-trust-roots"

jest.setTimeout(60_000)

let anvil: Anvil
let chain: ChainFixture
let client: PublicClient
let initCodeHash: Hex
/** A payout whose pool the factory names but nobody deployed. */
const undeployedPayout = getAddress("0x000000000000000000000000000000000000dEaD")
const DEAD_RPC = "http://127.0.0.1:9"

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 8453 })
  chain = await deployFixture({ chainId: 8453, rpcUrl: anvil.rpcUrl })
  client = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 }) as PublicClient
  initCodeHash = await client.readContract({ address: chain.pool, abi: poolAbi, functionName: "forwarderInitCodeHash" })
})
afterAll(async () => {
  await anvil?.stop()
})

const poolOf = (payout: Address) =>
  client.readContract({ address: chain.factory, abi: poolFactoryAbi, functionName: "poolOf", args: [payout] })
const options = (payout: Address, rpcUrl = anvil.rpcUrl, chainId = 8453) => ({
  chainId,
  rpcUrl,
  factory: chain.factory,
  payout,
  tokens: chain.tokens,
})

describe("readStorefrontTrustRoots", () => {
  it("pins the deployed pool and its forwarder init code hash as the chain answers them, and no RPC URL", async () => {
    const { roots, gaps } = await readStorefrontTrustRoots({ chains: [options(chain.payout)] })
    expect(gaps).toEqual([])
    expect(roots.chains[0]).toMatchObject({
      chainId: 8453,
      pool: getAddress(chain.pool),
      forwarderInitCodeHash: initCodeHash,
    })
    expect(JSON.stringify(roots)).not.toContain(anvil.rpcUrl)
  })

  it("a pool not deployed yet: the factory's address, and the hash from a simulated deployment that sends nothing", async () => {
    const blockBefore = await client.getBlockNumber()
    const { roots, gaps } = await readStorefrontTrustRoots({ chains: [options(undeployedPayout)] })
    expect(gaps).toEqual([])
    expect(roots.chains[0]).toMatchObject({ pool: await poolOf(undeployedPayout), forwarderInitCodeHash: initCodeHash })
    expect(await client.getCode({ address: await poolOf(undeployedPayout) })).toBeUndefined()
    expect(await client.getBlockNumber()).toBe(blockBefore)
  })

  it("a chain whose RPC does not answer is listed without them and named in gaps; the others keep theirs", async () => {
    const { roots, gaps } = await readStorefrontTrustRoots({
      chains: [options(chain.payout), options(chain.payout, DEAD_RPC, 137)],
    })
    expect(gaps).toEqual([
      {
        chainId: 137,
        missing: ["pool", "forwarderInitCodeHash"],
        reason: expect.stringContaining("factory.poolOf(payout) failed"),
      },
    ])
    expect(roots.chains[1]).not.toHaveProperty("pool")
    expect(roots.chains[1]).not.toHaveProperty("forwarderInitCodeHash")
    expect(roots.chains[0]).toMatchObject({ pool: getAddress(chain.pool), forwarderInitCodeHash: initCodeHash })
    expect(JSON.stringify(gaps)).not.toContain(DEAD_RPC)
  })

  it("the roots it prints parse back in the browser with both kept", async () => {
    const { roots } = await readStorefrontTrustRoots({ chains: [options(chain.payout)] })
    expect(parseTrustRoots(JSON.stringify(roots))).toMatchObject({
      ok: true,
      value: { chains: [{ pool: getAddress(chain.pool), forwarderInitCodeHash: initCodeHash }] },
    })
  })
})

describe("npm run storefront:config", () => {
  const run = (chains: unknown[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = {
        ...process.env,
        STABLECOIN_OPTIONS: JSON.stringify({
          apiKey: "pk_test",
          baseUrl: "http://127.0.0.1:4010",
          merchantId: "mer_1",
          webhookSecrets: ["whsec_0123456789abcdef0123"],
          chains,
        }),
      }
      execFile(
        "node",
        ["-r", "ts-node/register/transpile-only", "scripts/storefront-config.ts"],
        { cwd: path.resolve(__dirname, "../../../.."), env },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      )
    })
  const rootsOf = (stdout: string) => {
    const parsed = parseTrustRoots(/^NEXT_PUBLIC_STABLECOIN_TRUST_ROOTS=(.*)$/m.exec(stdout)![1]!)
    if (!parsed.ok) throw new Error(parsed.error)
    return parsed.value
  }

  it("prints the line with each chain's pool and forwarder init code hash by default", async () => {
    const { code, stdout, stderr } = await run([options(chain.payout)])
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    expect(rootsOf(stdout).chains[0]).toMatchObject({
      pool: getAddress(chain.pool),
      forwarderInitCodeHash: initCodeHash,
    })
  })

  it("names a chain it could not read on stderr, exits 2, and still prints the others", async () => {
    const { code, stdout, stderr } = await run([options(chain.payout), options(chain.payout, DEAD_RPC, 137)])
    expect(code).toBe(2)
    expect(stderr).toContain("chain 137: no pool and forwarderInitCodeHash in the roots")
    expect(rootsOf(stdout).chains.map((c) => [c.chainId, c.pool ?? null])).toEqual([
      [8453, getAddress(chain.pool)],
      [137, null],
    ])
  })
})
