import { privateKeyToAccount } from "viem/accounts"

/**
 * The mnemonic every sandbox anvil is started with (anvil's own default, passed explicitly so the
 * accounts, and with them every contract address the fixture deploys, never depend on an anvil
 * release): the keys below are its HD accounts 0-5.
 */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk"

/**
 * Anvil's well-known dev keys (mnemonic "test test ... junk"): public knowledge, funded with ETH
 * on every anvil, worthless anywhere else. Each role has its own key so nonces never collide.
 */
export const devAccounts = {
  deployer: privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"),
  payout: privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"),
  customer: privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"),
  sweeper: privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"),
  otherPayout: privateKeyToAccount("0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a"),
  sanctioned: privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"),
} as const
